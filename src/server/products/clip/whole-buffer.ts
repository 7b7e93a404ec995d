/**
 * Whether `view` spans all of its own ArrayBuffer, so that buffer can be moved to another thread
 * without taking other bytes along: Node's small Buffers are slices of a shared pool.
 */
export function spansItsBuffer(view: Uint8Array): boolean {
  const { buffer, byteOffset, byteLength } = view;
  return buffer instanceof ArrayBuffer && byteOffset === 0 && byteLength === buffer.byteLength;
}
