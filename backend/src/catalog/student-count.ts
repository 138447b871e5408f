/**
 * How many distinct students hold an active paid course (the catalogue shows it). The catalogue
 * declares what it needs; access, which owns the grants and sits above the catalogue, provides it
 * (access/access-ports.module.ts).
 */
export const STUDENT_COUNT = Symbol('STUDENT_COUNT');

export interface StudentCount {
  count(): Promise<number>;
}
