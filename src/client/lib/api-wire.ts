import { securePaths } from '../../core/api/game';
import { infra } from '../../core/infra';
import { decodeSecureData, encodeSecureData } from '../../core/secure-data';
import { texts } from '../../core/texts';

// How a call's body and answer travel: JSON, wrapped as secureData on the spec's secure paths (spec §7).

const securePathSet: ReadonlySet<string> = new Set(securePaths);

/** The path without its query string: what the token-free and secure path lists name. */
export function pathOnly(path: string): string {
  const q = path.indexOf('?');
  return q === -1 ? path : path.slice(0, q);
}

/** The CSRF token in a csrf-token answer, from its secureData or else its plain field. */
export function readCsrfToken(payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const record = payload as Record<string, unknown>;
  if (typeof record.secureData === 'string') {
    try {
      const decoded = decodeSecureData(record.secureData, 'server', infra.secureDataMaxInflatedBytes);
      const token = (decoded as Record<string, unknown> | null)?.csrfToken;
      if (typeof token === 'string' && token) return token;
    } catch {
      // spec §7: if the secureData decode fails, a plain csrfToken field is the fallback
    }
  }
  return typeof record.csrfToken === 'string' && record.csrfToken ? record.csrfToken : null;
}

/** An answer's JSON (null when empty). */
export async function parseBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error(texts.responseDecodingFailed);
  }
}

/** A request body as sent to `path` (its bare path): wrapped as secureData where the spec asks. */
export function encodeBody(path: string, body: unknown): string {
  try {
    const payload = securePathSet.has(path) ? { secureData: encodeSecureData(body, 'client') } : body;
    return JSON.stringify(payload);
  } catch {
    throw new Error(texts.requestEncodingFailed);
  }
}

/** An answer from `path` (its bare path) as the caller reads it: unwrapped from secureData where the spec wraps it. */
export function decodeResponse(path: string, payload: unknown): unknown {
  if (!securePathSet.has(path) || typeof payload !== 'object' || payload === null) return payload;
  const secureData = (payload as Record<string, unknown>).secureData;
  if (typeof secureData !== 'string') return payload;
  try {
    return decodeSecureData(secureData, 'server', infra.secureDataMaxInflatedBytes);
  } catch {
    throw new Error(texts.responseDecodingFailed);
  }
}
