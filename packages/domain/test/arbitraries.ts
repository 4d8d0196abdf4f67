import fc from 'fast-check';

// Arbitraries the rules' property tests share.
//
// Text of any UTF-16 code units, built from code units rather than with fast-check's
// `fc.string({ unit: 'binary' })`: building that one costs about two seconds the first time in a
// process (fast-check derives its table of every code point), more than the properties using it
// took to run, and under load that alone passed the unit tests' 5 s timeout.

/** Any sequence of UTF-16 code units, biased toward those text rules trip on. */
export function utf16Text({ maxLength = 30 }: { maxLength?: number } = {}): fc.Arbitrary<string> {
  const unit = fc.oneof(
    // Printable ASCII: the slash, backslash, dot and space of paths among them.
    fc.integer({ min: 0x20, max: 0x7e }),
    // NUL, tab, line ends, C0 and C1 controls, DEL, the bidirectional overrides, BOM, the ends of the BMP.
    fc.constantFrom(0x00, 0x09, 0x0a, 0x0d, 0x1f, 0x7f, 0x85, 0x9f, 0x202e, 0x2066, 0xfeff, 0xfffd, 0xffff),
    // Surrogates: alone, paired (a high then a low) or the wrong way round, as they fall.
    fc.integer({ min: 0xd800, max: 0xdfff }),
    fc.integer({ min: 0, max: 0xffff }),
  );
  return fc.array(unit, { maxLength }).map((units) => String.fromCharCode(...units));
}
