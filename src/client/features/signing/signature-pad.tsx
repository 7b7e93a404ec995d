import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import SignaturePad from 'signature_pad';
import styles from './sign-dialog.module.css';

export interface PadHandle {
  clear(): void;
  /** Replaces the drawing with `text` written in a handwriting face (the keyboard way to sign). */
  write(text: string): Promise<void>;
  toPng(): Promise<Blob>;
}

const INK = '#1d2329';

/**
 * The docs/product/signing.md drawing pad: a canvas of 400 x 200 CSS pixels (narrower on a phone, same shape), its
 * backing store scaled by devicePixelRatio so strokes stay sharp; the drawing survives resizes.
 */
export function SignaturePadCanvas(props: {
  handle: Ref<PadHandle>;
  onEmptyChange: (empty: boolean) => void;
  labelledBy: string;
  disabled: boolean;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const { onEmptyChange, disabled } = props;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, { penColor: INK, minWidth: 0.8, maxWidth: 2.6 });
    padRef.current = pad;
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const width = Math.round(canvas.offsetWidth * ratio);
      const height = Math.round(canvas.offsetHeight * ratio);
      if (width === 0 || (canvas.width === width && canvas.height === height)) return;
      canvas.width = width;
      canvas.height = height;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.redraw();
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    const onEnd = () => onEmptyChange(pad.isEmpty());
    pad.addEventListener('endStroke', onEnd);
    return () => {
      observer.disconnect();
      pad.removeEventListener('endStroke', onEnd);
      pad.off();
      padRef.current = null;
    };
  }, [onEmptyChange]);

  useEffect(() => {
    const pad = padRef.current;
    if (!pad) return;
    if (disabled) pad.off();
    else pad.on();
  }, [disabled]);

  // The pad draws a written name when its image has loaded: writes run one after another, each
  // drawing the newest text, so a slower load never lays an older name under (or after) a newer.
  const queue = useRef<Promise<void>>(Promise.resolve());
  const latest = useRef('');
  const drawLatest = async () => {
    const pad = padRef.current;
    const canvas = canvasRef.current;
    if (!pad || !canvas) return;
    const text = latest.current.trim();
    pad.clear();
    if (text === '') return onEmptyChange(true);
    await pad.fromDataURL(handwriting(text, canvas.width, canvas.height));
    onEmptyChange(false);
  };
  const enqueue = (text: string) => {
    latest.current = text;
    queue.current = queue.current.then(drawLatest, drawLatest);
    return queue.current;
  };

  useImperativeHandle(props.handle, () => ({
    clear: () => {
      padRef.current?.clear();
      onEmptyChange(true);
      // A name still loading is not drawn after the pad was cleared.
      void enqueue('');
    },
    write: (text: string) => enqueue(text),
    // A name still being drawn is waited for: read in the gap, the pad would be blank.
    toPng: async () => {
      await queue.current;
      return new Promise<Blob>((resolve, reject) => {
        const canvas = canvasRef.current;
        if (!canvas) return reject(new Error('The signature pad is gone.'));
        canvas.toBlob((blob) => {
          if (blob) resolve(blob);
          else reject(new Error('The signature could not be read.'));
        }, 'image/png');
      });
    },
  }));

  return (
    <canvas
      ref={canvasRef}
      className={styles.canvas}
      role="img"
      aria-labelledby={props.labelledBy}
    />
  );
}

/** `text` centred in a handwriting face on a transparent canvas of the pad's size, as a data URL. */
function handwriting(text: string, width: number, height: number): string {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return canvas.toDataURL('image/png');
  let size = Math.round(height * 0.32);
  const face = (px: number) =>
    `italic ${px}px "Segoe Script", "Bradley Hand", "Brush Script MT", "URW Chancery L", cursive`;
  ctx.font = face(size);
  while (size > 12 && ctx.measureText(text).width > width * 0.9) {
    size -= 2;
    ctx.font = face(size);
  }
  ctx.fillStyle = INK;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, width / 2, height * 0.55);
  return canvas.toDataURL('image/png');
}
