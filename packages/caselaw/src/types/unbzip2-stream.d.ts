declare module 'unbzip2-stream' {
  const unbzip2: () => NodeJS.ReadWriteStream;
  export default unbzip2;
}
