import sharp from 'sharp';
import { crc32, deflateSync } from 'node:zlib';
import { MENTOR_MAX_IMAGE_PIXELS } from '@academy/contracts';
import { AppError } from '../../platform/errors/app-error';
import { DECODE_SLOTS, decoding, processImage, Semaphore } from './mentor-images';

describe('Semaphore', () => {
  it('lets at most its slots run at once and serves the others in arrival order', async () => {
    const gate = new Semaphore(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (i: number) =>
      gate.run(async () => {
        started.push(i);
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 5));
        running--;
        return i;
      });
    expect(await Promise.all([0, 1, 2, 3, 4, 5].map(task))).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(gate.load).toEqual({ active: 0, waiting: 0 });
  });

  it('gives the slot back when the task fails', async () => {
    const gate = new Semaphore(1);
    await expect(gate.run(() => Promise.reject(new Error('nei')))).rejects.toThrow('nei');
    expect(await gate.run(() => Promise.resolve('ja'))).toBe('ja');
    expect(gate.load).toEqual({ active: 0, waiting: 0 });
  });
});

describe('processImage', () => {
  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#246' } })
      .png()
      .toBuffer();

  it(`decodes DECODE_SLOTS (${DECODE_SLOTS}) image(s) at a time, with one libvips thread and no cache`, async () => {
    const data = await png(2000, 1000);
    let most = 0;
    let queued = 0;
    let done = false;
    const watch = (async () => {
      while (!done) {
        most = Math.max(most, decoding.load.active);
        queued = Math.max(queued, decoding.load.waiting);
        await new Promise((r) => setImmediate(r));
      }
    })();
    const out = await Promise.all(Array.from({ length: 6 }, (_, i) => processImage({ filename: `${i}.png`, data })));
    done = true;
    await watch;
    expect(out.map((o) => [o.width, o.height, o.sourceBytes])).toEqual(Array(6).fill([2000, 1000, data.length]));
    expect(most).toBe(DECODE_SLOTS);
    expect(queued).toBeGreaterThan(0);
    // The process's sharp, as processImage set it up.
    expect(sharp.concurrency()).toBe(1);
    expect(sharp.cache().memory.max).toBe(0);
  }, 30_000);

  /** A 69-byte PNG whose header claims a canvas of width × height (its pixel data is a few zero bytes). */
  const claiming = (width: number, height: number): Buffer => {
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
      const head = Buffer.alloc(4);
      head.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body));
      return Buffer.concat([head, body, crc]);
    };
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(width, 0);
    ihdr.writeUInt32BE(height, 4);
    ihdr[8] = 8; // bit depth
    ihdr[9] = 2; // RGB
    return Buffer.concat([
      Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(Buffer.alloc(64))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  };

  it('refuses more than 25 megapixels from the header, naming the file and its size, before it decodes', async () => {
    expect(MENTOR_MAX_IMAGE_PIXELS).toBe(25_000_000);
    const data = claiming(10_000, 10_000);
    expect(data.length).toBeLessThan(100);
    const err = await processImage({ filename: 'stor.png', data }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).getStatus()).toBe(413);
    expect((err as AppError).getResponse()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      field: 'images',
      message: expect.stringContaining('«stor.png» er for stort: 10\u00a0000 × 10\u00a0000 piksler'),
    });
    expect(decoding.load).toEqual({ active: 0, waiting: 0 });
    // Just over is refused too; exactly at the limit it is decoded (and this one's pixel data is broken).
    await expect(processImage({ filename: 'a.png', data: claiming(5000, 5001) })).rejects.toMatchObject({ status: 413 });
    await expect(processImage({ filename: 'b.png', data: claiming(5000, 5000) })).rejects.toMatchObject({
      status: 400,
      response: expect.objectContaining({ message: expect.stringContaining('«b.png» er ikke et bilde') }),
    });
  });
});
