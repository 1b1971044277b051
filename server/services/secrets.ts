import { createHash, randomBytes } from 'node:crypto';

/** A random opaque token for a bearer token, a reset link or a server secret. */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** Tokens are stored only as SHA-256 hashes: a leaked table grants nothing. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
