import { Inflate, strFromU8, strToU8, zlibSync } from 'fflate';

// spec §7: the body is compressed at level 9, obfuscated with a fixed key and made URL-safe;
// the server direction uses a suffixed variant of the key. This is obfuscation against casual
// tampering with devtools, not secrecy: the server never trusts what it decodes.
const clientKey = strToU8('bitbreach::mainframe::uplink');
const serverKey = strToU8('bitbreach::mainframe::uplink::srv');

export type SecureDirection = 'client' | 'server';

function keyFor(direction: SecureDirection): Uint8Array {
  return direction === 'client' ? clientKey : serverKey;
}

// Mixing in the key's length makes every byte differ between the two directions, not only
// those past the shared prefix: a client payload never decodes as a server one.
/** Masks (or unmasks: it is its own inverse) compressed bytes with the direction's key, in place. */
export function maskSecureBytes(bytes: Uint8Array, direction: SecureDirection): Uint8Array {
  return xorInPlace(bytes, keyFor(direction));
}

function xorInPlace(bytes: Uint8Array, key: Uint8Array): Uint8Array {
  const salt = key.length & 0xff;
  for (let i = 0; i < bytes.length; i++) bytes[i] = bytes[i]! ^ key[i % key.length]! ^ salt;
  return bytes;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]!);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new SecureDataError('not base64url');
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  let binary: string;
  try {
    binary = atob(padded);
  } catch {
    throw new SecureDataError('not base64url');
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export class SecureDataError extends Error {
  override name = 'SecureDataError';
}

/** Encodes a JSON value as secureData for the given direction. */
export function encodeSecureData(value: unknown, direction: SecureDirection): string {
  const compressed = zlibSync(strToU8(JSON.stringify(value)), { level: 9 });
  return toBase64Url(xorInPlace(compressed, keyFor(direction)));
}

/**
 * Decodes secureData; throws SecureDataError when it is not base64url, not zlib, inflates past
 * `maxInflatedBytes` (a zip bomb stops early) or is not JSON.
 */
export function decodeSecureData(text: string, direction: SecureDirection, maxInflatedBytes: number): unknown {
  const bytes = xorInPlace(fromBase64Url(text), keyFor(direction));
  // zlib framing: 2-byte header (CM=8, header checksum), raw deflate, 4-byte Adler-32
  if (bytes.length < 7 || (bytes[0]! & 0x0f) !== 8 || ((bytes[0]! << 8) | bytes[1]!) % 31 !== 0) {
    throw new SecureDataError('not a compressed payload');
  }
  const body = bytes.subarray(2, bytes.length - 4);
  const chunks: Uint8Array[] = [];
  let total = 0;
  let tooLarge = false;
  const inflater = new Inflate((chunk) => {
    total += chunk.length;
    if (total > maxInflatedBytes) tooLarge = true;
    else chunks.push(chunk);
  });
  try {
    // Feed in slices so an oversized stream is noticed before it is all inflated.
    const step = 1024;
    for (let offset = 0; offset < body.length && !tooLarge; offset += step) {
      inflater.push(body.subarray(offset, offset + step), offset + step >= body.length);
    }
  } catch {
    throw new SecureDataError('not a compressed payload');
  }
  if (tooLarge) throw new SecureDataError('payload too large');
  const joined = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    joined.set(c, at);
    at += c.length;
  }
  try {
    return JSON.parse(strFromU8(joined));
  } catch {
    throw new SecureDataError('not JSON');
  }
}
