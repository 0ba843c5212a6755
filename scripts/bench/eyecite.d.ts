// The eyecite port ships no type declarations; the benchmark only calls getCitations.
declare module '@beshkenadze/eyecite';
