import type sharpModule from "sharp";
import { AppError } from "../../errors";

/**
 * Decoding and re-encoding pictures is the heaviest work the server does (a 40 MP photo takes some
 * 160 MB and a second of CPU), and any signed-in customer may upload. So pictures are processed
 * IMAGE_CONCURRENCY at a time, at most IMAGE_QUEUE_MAX more wait their turn, and beyond that the
 * upload is refused with 429 rather than queued without end (each waiting upload holds its bytes).
 */
export const IMAGE_CONCURRENCY = 1;
export const IMAGE_QUEUE_MAX = 12;
/** 40 megapixels: more than any phone camera (a 200 MP sensor bins to 12 MP), far less than a bomb. */
export const IMAGE_MAX_PIXELS = 40_000_000;

/**
 * Reads a picture's size from its header alone (no pixel is decoded, and without a limit so a bomb
 * is told apart from a broken file) and refuses one that is unreadable or over IMAGE_MAX_PIXELS,
 * with the caller's messages.
 */
export async function assertPixelsWithin(
  sharp: typeof sharpModule,
  input: Buffer,
  messages: { unreadable: string; tooLarge: string },
): Promise<void> {
  let pixels: number;
  try {
    const { width = 0, height = 0 } = await sharp(input, { limitInputPixels: false }).metadata();
    pixels = width * height;
  } catch {
    throw new AppError("bad_input", messages.unreadable);
  }
  if (pixels > IMAGE_MAX_PIXELS) throw new AppError("too_large", messages.tooLarge);
}

class WorkGate {
  active = 0;
  /** The most run at once and the most waiting at once since resetPeak(), for the tests and the logs. */
  peak = 0;
  peakWaiting = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly max: number,
    private readonly queueMax: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active < this.max) this.active++;
    else {
      if (this.waiting.length >= this.queueMax) throw new AppError("rate_limited", "catalogAdmin.imagesBusy");
      // The slot is handed over by the finishing run, so `active` never dips in between.
      await new Promise<void>((resolve) => {
        this.waiting.push(resolve);
        this.peakWaiting = Math.max(this.peakWaiting, this.waiting.length);
      });
    }
    this.peak = Math.max(this.peak, this.active);
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }

  resetPeak(): void {
    this.peak = this.active;
    this.peakWaiting = this.waiting.length;
  }
}

export const imageWork = new WorkGate(IMAGE_CONCURRENCY, IMAGE_QUEUE_MAX);
