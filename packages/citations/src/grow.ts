/**
 * Growing the typed arrays the stages keep their offsets in: twice the room, the old values
 * copied. One function per array type, so each call site stays monomorphic.
 */
export function doubledInt32(array: Int32Array) {
  const grown = new Int32Array(Math.max(1, array.length * 2));
  grown.set(array);
  return grown;
}

export function doubledUint8(array: Uint8Array) {
  const grown = new Uint8Array(Math.max(1, array.length * 2));
  grown.set(array);
  return grown;
}
