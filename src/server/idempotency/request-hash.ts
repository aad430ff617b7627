import { createHash } from 'node:crypto';

/**
 * JSON with every object's keys sorted, so two bodies that differ only in key order are one request.
 * Like JSON.stringify, undefined members are left out and toJSON (Dates) is honoured.
 */
export function canonicalJson(value: unknown): string {
  return (
    JSON.stringify(value, (_key, member: unknown) => {
      if (member === null || typeof member !== 'object' || Array.isArray(member)) return member;
      // No prototype: a member named "__proto__" stays a member instead of replacing the prototype.
      const sorted: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
      for (const name of Object.keys(member).sort()) sorted[name] = (member as Record<string, unknown>)[name];
      return sorted;
    }) ?? 'null'
  );
}

/** What a key is bound to: the scope and the request, so the same key on another action or body is refused. */
export function hashRequest(scope: string, request: unknown): string {
  return createHash('sha256').update(canonicalJson({ scope, request })).digest('hex');
}
