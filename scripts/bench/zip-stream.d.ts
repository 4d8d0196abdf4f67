// zip-stream ships no types; the zip-writers bench uses only its constructor.
declare module 'zip-stream' {
  const ZipStream: new (options: { store?: boolean }) => unknown;
  export default ZipStream;
}
