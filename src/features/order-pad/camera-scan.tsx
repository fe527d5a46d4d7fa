// Scanning with the tablet's camera (docs/decisions/048-barcodes-on-the-counter.md): a dialog shows what the
// back camera sees and reads every barcode that comes into view, a few times a second, each through the same
// path as a scanner typing into the Tool box; the same code held in view is read once until it has been away
// for a moment. What the pad made of the last scan is said in the dialog. Closing it stops the camera.

import { useEffect, useId, useRef, useState } from 'react';
import type { BarcodeReader } from './barcode-reader';

/** How often a frame is read, and how long the same code must be out of view before it counts again. */
const READ_EVERY_MS = 250;
const SAME_CODE_PAUSE_MS = 1500;

export interface CameraScanProps {
  /** A barcode's number as read. */
  onCode: (code: string) => void;
  /** What the pad made of the last scan: the line added, or why not; null before the first. */
  result: { text: string; ok: boolean } | null;
  onClose: () => void;
}

type CameraState = { phase: 'starting' } | { phase: 'watching' } | { phase: 'failed'; message: string };

function cameraProblem(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'The camera is not allowed for this app. Allow it in the browser’s site settings, then try again.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return 'This device has no camera the app can use. Type the number, or use a barcode scanner.';
  if (name === 'NotReadableError') return 'The camera is in use by another app. Close it, then try again.';
  // barcode-reader.ts's BarcodeReaderUnavailable, by name: the reader's module loads with the camera.
  if (error instanceof Error && error.name === 'BarcodeReaderUnavailable')
    return navigator.onLine
      ? 'The barcode reader could not be loaded. Try again, or type the number or use a barcode scanner.'
      : 'The barcode reader is not saved on this device yet: open the app once with a connection, then the camera scans offline too. Until then, type the number or use a barcode scanner.';
  return 'The barcode reader could not start on this device. Type the number, or use a barcode scanner.';
}

export default function CameraScan({ onCode, result, onClose }: CameraScanProps) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>({ phase: 'starting' });
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    // When each code was last read, and the codes the last read saw. A code counts again only once a read has
    // missed it and it has been away long enough: on a slow tablet reads can be further apart than the pause,
    // and a code held in view all along must not count at each of them.
    const seen = new Map<string, number>();
    let inView = new Set<string>();

    const readLoop = async (reader: BarcodeReader) => {
      const element = video.current;
      if (stopped || !element) return;
      if (element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
        const now = Date.now();
        // A read that failed saw nothing, not the codes going away.
        const codes = await reader.read(element).catch(() => null);
        if (codes) {
          for (const code of codes) {
            const last = seen.get(code);
            seen.set(code, now);
            if (!inView.has(code) && (last === undefined || now - last > SAME_CODE_PAUSE_MS)) onCodeRef.current(code);
          }
          inView = new Set(codes);
        }
      }
      if (!stopped) timer = setTimeout(() => void readLoop(reader), READ_EVERY_MS);
    };

    void (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('no camera API', 'NotFoundError');
        const [{ createBarcodeReader }, media] = await Promise.all([
          import('./barcode-reader'),
          navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }),
        ]);
        stream = media;
        const reader = await createBarcodeReader();
        // Closed while the camera was starting: the cleanup ran before there was a stream to stop.
        if (!video.current || stopped) {
          for (const track of media.getTracks()) track.stop();
          return;
        }
        video.current.srcObject = media;
        await video.current.play().catch(() => undefined);
        setState({ phase: 'watching' });
        void readLoop(reader);
      } catch (error) {
        if (!stopped) setState({ phase: 'failed', message: cameraProblem(error) });
      }
    })();

    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      className="modal"
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="modal-box grid max-w-lg gap-3">
        <h2 id={`${id}-title`} className="text-lg font-bold">
          Scan with the camera
        </h2>
        <p className="text-sm text-base-content/80">Hold the barcode on the box in the frame. Each tool read goes on the pad; keep scanning, then close.</p>
        <video ref={video} muted playsInline className="aspect-video w-full rounded-box bg-base-300 object-cover" aria-label="What the camera sees" />
        <p role="status" className={`min-h-6 text-sm ${result && !result.ok ? 'text-error' : ''}`} data-testid="camera-scan-result">
          {state.phase === 'failed' ? null : state.phase === 'starting' ? 'Starting the camera…' : (result?.text ?? 'Looking for a barcode…')}
        </p>
        {state.phase === 'failed' ? (
          <p role="alert" className="text-sm text-error">
            {state.message}
          </p>
        ) : null}
        <div className="modal-action mt-0">
          <button type="button" className="btn btn-primary" onClick={onClose}>
            Done
          </button>
        </div>
      </div>
    </dialog>
  );
}
