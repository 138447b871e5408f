import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/**
 * Encrypted archives (BACKUP_PASSPHRASE): AES-256-GCM in chunks of 64 KiB, each with its own tag, so
 * an archive of any size streams through in little memory and every byte is authenticated before it
 * is used. The key comes from the passphrase with scrypt (N=2^15, r=8, p=1, a random 16-byte salt).
 *
 * Layout: a 38-byte header (magic `TABAK01\n`, log2 N, r, p, salt, a 7-byte nonce prefix, the chunk
 * size), then chunks of ciphertext + 16-byte tag. A chunk's nonce is the prefix, its number (4 bytes)
 * and a last-chunk flag (1 byte); the header is every chunk's additional data, so changing it, cutting
 * the file short, dropping, repeating or reordering chunks all fail the tag check.
 */

export const ENCRYPTED_MAGIC = Buffer.from('TABAK01\n', 'ascii');
const HEADER_LENGTH = ENCRYPTED_MAGIC.length + 3 + 16 + 7 + 4;
const TAG = 16;
const CHUNK = 64 * 1024;

export class DecryptionError extends Error {
  constructor(
    message = 'Kunne ikke dekryptere arkivet: feil BACKUP_PASSPHRASE, eller arkivet er skadet / wrong passphrase or damaged archive',
  ) {
    super(message);
    this.name = 'DecryptionError';
  }
}

function deriveKey(passphrase: string, salt: Buffer, logN: number, r: number, p: number): Buffer {
  const N = 2 ** logN;
  return scryptSync(passphrase.normalize('NFC'), salt, 32, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 });
}

function nonce(prefix: Buffer, counter: number, last: boolean): Buffer {
  const n = Buffer.alloc(12);
  prefix.copy(n, 0);
  n.writeUInt32BE(counter, 7);
  n[11] = last ? 1 : 0;
  return n;
}

/** Encrypts a stream with the passphrase. */
export function encryptStream(passphrase: string): Transform {
  const logN = 15;
  const r = 8;
  const p = 1;
  const salt = randomBytes(16);
  const prefix = randomBytes(7);
  const header = Buffer.alloc(HEADER_LENGTH);
  ENCRYPTED_MAGIC.copy(header, 0);
  header[8] = logN;
  header[9] = r;
  header[10] = p;
  salt.copy(header, 11);
  prefix.copy(header, 27);
  header.writeUInt32BE(CHUNK, 34);
  const key = deriveKey(passphrase, salt, logN, r, p);
  let counter = 0;
  let pending: Buffer[] = [];
  let pendingLength = 0;

  const seal = (plain: Buffer, last: boolean): Buffer => {
    if (counter >= 0xffffffff) throw new Error('Arkivet er for stort for ett krypteringsløp');
    const cipher = createCipheriv('aes-256-gcm', key, nonce(prefix, counter++, last));
    cipher.setAAD(header);
    return Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  };

  return new Transform({
    construct(cb) {
      this.push(header);
      cb();
    },
    transform(chunk: Buffer, _enc, cb: TransformCallback) {
      pending.push(chunk);
      pendingLength += chunk.length;
      // Keep at least one byte back: only the flush knows which chunk is the last.
      if (pendingLength > CHUNK) {
        let all = Buffer.concat(pending);
        while (all.length > CHUNK) {
          this.push(seal(all.subarray(0, CHUNK), false));
          all = all.subarray(CHUNK);
        }
        pending = [all];
        pendingLength = all.length;
      }
      cb();
    },
    flush(cb: TransformCallback) {
      try {
        this.push(seal(Buffer.concat(pending), true));
        cb();
      } catch (e) {
        cb(e as Error);
      }
    },
  });
}

/** Decrypts what {@link encryptStream} made; fails with {@link DecryptionError} on any change or a wrong passphrase. */
export function decryptStream(passphrase: string): Transform {
  let header: Buffer | null = null;
  let key: Buffer | null = null;
  let prefix: Buffer | null = null;
  let chunkSize = CHUNK;
  let counter = 0;
  let buf: Buffer = Buffer.alloc(0);

  const open = (sealed: Buffer, last: boolean): Buffer => {
    if (sealed.length < TAG) throw new DecryptionError('Arkivet slutter for tidlig / the archive is truncated');
    const decipher = createDecipheriv('aes-256-gcm', key!, nonce(prefix!, counter++, last));
    decipher.setAAD(header!);
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG));
    try {
      return Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - TAG)), decipher.final()]);
    } catch {
      throw new DecryptionError();
    }
  };

  return new Transform({
    transform(chunk: Buffer, _enc, cb: TransformCallback) {
      try {
        buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
        if (!header) {
          if (buf.length < HEADER_LENGTH) return cb();
          header = Buffer.from(buf.subarray(0, HEADER_LENGTH));
          if (!header.subarray(0, 8).equals(ENCRYPTED_MAGIC))
            throw new DecryptionError('Ikke et kryptert arkiv / not an encrypted archive');
          const [logN, r, p] = [header[8], header[9], header[10]];
          chunkSize = header.readUInt32BE(34);
          if (logN < 10 || logN > 20 || r < 1 || r > 32 || p < 1 || p > 16 || chunkSize < 1024 || chunkSize > 16 * 1024 * 1024)
            throw new DecryptionError('Ukjente krypteringsparametre i arkivet / unknown encryption parameters');
          key = deriveKey(passphrase, header.subarray(11, 27), logN, r, p);
          prefix = header.subarray(27, 34);
          buf = buf.subarray(HEADER_LENGTH);
        }
        while (buf.length > chunkSize + TAG) {
          this.push(open(buf.subarray(0, chunkSize + TAG), false));
          buf = buf.subarray(chunkSize + TAG);
        }
        cb();
      } catch (e) {
        cb(e as Error);
      }
    },
    flush(cb: TransformCallback) {
      try {
        if (!header) throw new DecryptionError('Arkivet slutter for tidlig / the archive is truncated');
        this.push(open(buf, true));
        cb();
      } catch (e) {
        cb(e as Error);
      }
    },
  });
}
