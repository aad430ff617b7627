import { describe, expect, it } from 'vitest';
import { isOutcomeUnknown, OutcomeUnknownError } from './outcome-unknown';
import { isConnectionError, isReadOnlyStatement } from './reconnect';

describe('which statements the reconnect wrapper may run twice', () => {
  it.each([
    ['select "id", "telnet" from "users" where "users"."id" = $1', true],
    ['  SELECT count(*) FROM chat_messages', true],
    ['with "recent" as (select * from "chat_messages") select * from "recent"', true],
    ['select "deleted_at", "updated_at" from "x"', true],
    ['insert into "chat_messages" ("text") values ($1)', false],
    ['update "users" set "telnet" = "telnet" - $1 where "telnet" >= $1', false],
    ['delete from "tap_batches" where "created_at" < $1', false],
    ['with moved as (delete from "items" returning *) select * from moved', false],
    ['select * from "users" where "id" = $1 for update', false],
    ["select nextval('users_id_seq')", false],
    ['set transaction isolation level serializable', false],
  ])('%s → read-only %s', (query, readOnly) => {
    expect(isReadOnlyStatement(query)).toBe(readOnly);
  });

  it('sees a connection error through drizzle’s wrapping', () => {
    const closed = Object.assign(new Error('write CONNECTION_CLOSED'), { code: 'CONNECTION_CLOSED' });
    expect(isConnectionError(closed)).toBe(true);
    expect(isConnectionError(new Error('Failed query: select 1', { cause: closed }))).toBe(true);
    expect(isConnectionError(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
  });

  it('finds an unknown outcome through drizzle’s wrapping, so the HTTP layer answers 503', () => {
    const unknown = new OutcomeUnknownError(new Error('gone'));
    expect(isOutcomeUnknown(unknown)).toBe(true);
    expect(isOutcomeUnknown(new Error('Failed query: insert ...', { cause: unknown }))).toBe(true);
    expect(isOutcomeUnknown(new Error('other'))).toBe(false);
  });
});
