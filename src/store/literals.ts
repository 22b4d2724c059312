// Values written as PostgreSQL's own text forms, for parameters that carry many values at once.

/** A PostgreSQL array literal of texts, each quoted (a backslash and a double quote escaped). */
export function pgTextArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
}
