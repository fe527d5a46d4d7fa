// Reading a tool's barcode from the camera (docs/decisions/048-barcodes-on-the-counter.md): the browser's own
// BarcodeDetector where it reads retail barcodes, else the `barcode-detector` ponyfill, ZXing compiled to
// WebAssembly, whose binary is bundled with the app and kept by the service worker for signed-in dealers
// (keep-barcode-reader.ts), so scanning works offline. Loaded only when the camera is opened.

import { BarcodeDetector as ZXingDetector, prepareZXingModule, purgeZXingModule } from 'barcode-detector/ponyfill';
import { BARCODE_READER_URL } from './keep-barcode-reader';

/** The barcodes on tool boxes: EAN-13, EAN-8 and UPC-A (read as 12 digits, which the pad reads as its EAN-13). */
const RETAIL_FORMATS = ['ean_13', 'ean_8', 'upc_a'] as const;

/** The WebAssembly reader could not be loaded: offline on a device that has not saved it yet, or unreachable. */
export class BarcodeReaderUnavailable extends Error {
  constructor() {
    super('The barcode reader could not be loaded.');
    this.name = 'BarcodeReaderUnavailable';
  }
}

export interface BarcodeReader {
  /** The numbers of the barcodes seen in the video's current frame; none when there are none. */
  read(video: HTMLVideoElement): Promise<string[]>;
}

interface DetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface DetectorClass {
  new (options: { formats: string[] }): DetectorLike;
  getSupportedFormats(): Promise<readonly string[]>;
}

function readerOf(detector: DetectorLike): BarcodeReader {
  return { read: async (video) => (await detector.detect(video)).map((barcode) => barcode.rawValue) };
}

export async function createBarcodeReader(): Promise<BarcodeReader> {
  const native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (native) {
    const supported = new Set(await native.getSupportedFormats().catch(() => []));
    const formats = RETAIL_FORMATS.filter((format) => supported.has(format));
    if (formats.length === RETAIL_FORMATS.length) return readerOf(new native({ formats }));
  }
  // Loaded now rather than at the first frame: a reader this device cannot load (offline before it was saved)
  // is said once, instead of every frame reading nothing.
  try {
    await prepareZXingModule({
      overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? BARCODE_READER_URL : `${prefix}${path}`) },
      fireImmediately: true,
    });
  } catch {
    purgeZXingModule();
    throw new BarcodeReaderUnavailable();
  }
  return readerOf(new ZXingDetector({ formats: [...RETAIL_FORMATS] }));
}
