import type { EntityManager } from 'typeorm';
import { osloDate, osloDayStart } from '../platform/time/oslo-time';
import { SequenceStep } from './entities/sequence.entity';

const DAY_MS = 86400_000;

/** When a step is due: `waitDays` after the anchor's Oslo day, at `sendHour` Oslo time (0 days: at once). */
export function dueAt(anchor: Date, step: Pick<SequenceStep, 'waitDays' | 'sendHour'>): Date {
  if (step.waitDays === 0) return anchor;
  const start = osloDayStart(osloDate(anchor))!;
  // Noon of the target day, so a clock change inside the wait never shifts the day.
  const day = osloDate(new Date(start.getTime() + step.waitDays * DAY_MS + 12 * 3600_000));
  const dayStart = osloDayStart(day)!;
  // The hour counted on the day's own offset: osloDayStart of the day + hours, corrected on clock-change days.
  const guess = new Date(dayStart.getTime() + step.sendHour * 3600_000);
  const hourThere = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Oslo', hour: '2-digit', hourCycle: 'h23' }).format(guess),
  );
  return new Date(guess.getTime() + (step.sendHour - hourThere) * 3600_000);
}

/** The sequence's current steps in order (retired ones, kept with position 0 for the counts, left out). */
export async function currentSteps(m: EntityManager, sequenceId: number): Promise<SequenceStep[]> {
  const steps = await m.getRepository(SequenceStep).find({ where: { sequenceId }, order: { position: 'ASC' } });
  return steps.filter((x) => x.position > 0);
}

/** The step after the one last sent (`lastPosition` 0: the first). */
export function nextStep(steps: SequenceStep[], lastPosition: number): SequenceStep | undefined {
  return steps.find((s) => s.position > lastPosition);
}
