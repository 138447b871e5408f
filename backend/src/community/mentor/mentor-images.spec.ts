import sharp from 'sharp';
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

  it(`decodes at most ${DECODE_SLOTS} images at a time, with one libvips thread each and no cache`, async () => {
    const data = await png(3000, 2000);
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
    expect(out.map((o) => [o.width, o.height, o.sourceBytes])).toEqual(Array(6).fill([2560, 1707, data.length]));
    expect(most).toBe(DECODE_SLOTS);
    expect(queued).toBeGreaterThan(0);
    // The process's sharp, as processImage set it up.
    expect(sharp.concurrency()).toBe(1);
    expect(sharp.cache().memory.max).toBe(0);
  });

  it('refuses more than 25 megapixels from the header, naming the file and its size, before it decodes', async () => {
    expect(MENTOR_MAX_IMAGE_PIXELS).toBe(25_000_000);
    const data = await png(10_000, 10_000);
    const err = await processImage({ filename: 'stor.png', data }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).getStatus()).toBe(413);
    expect((err as AppError).getResponse()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      field: 'images',
      message: expect.stringContaining('«stor.png» er for stort: 10\u00a0000 × 10\u00a0000 piksler'),
    });
    expect(decoding.load).toEqual({ active: 0, waiting: 0 });
    // Exactly at the limit it passes.
    expect((await processImage({ filename: 'ok.png', data: await png(5000, 5000) })).width).toBe(2560);
  });
});
