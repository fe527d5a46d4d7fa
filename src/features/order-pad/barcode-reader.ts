// Reading a tool's barcode from the camera (docs/decisions/048-barcodes-on-the-counter.md): the browser's own
// BarcodeDetector where it reads retail barcodes, else the `barcode-detector` ponyfill, ZXing compiled to
// WebAssembly, whose binary is bundled with the app and precached by the service worker, so scanning works
// offline. Loaded only when the camera is opened.

import { BarcodeDetector as ZXingDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** The barcodes on tool boxes: EAN-13, EAN-8 and UPC-A (read as 12 digits, which the pad reads as its EAN-13). */
const RETAIL_FORMATS = ['ean_13', 'ean_8', 'upc_a'] as const;

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
  // The WebAssembly binary from this origin, never a CDN: the app's CSP allows no other, and offline there is none.
  prepareZXingModule({ overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : `${prefix}${path}`) } });
  return readerOf(new ZXingDetector({ formats: [...RETAIL_FORMATS] }));
}
