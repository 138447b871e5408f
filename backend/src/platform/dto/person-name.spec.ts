import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { MSG } from '@academy/contracts';
import { PersonName } from './person-name';

class Form {
  @PersonName('first')
  firstName: unknown;

  @PersonName('last', { empty: MSG.fillAllFields })
  lastName: unknown;
}

const check = (firstName: unknown, lastName: unknown = 'Nordmann') => {
  const form = plainToInstance(Form, { firstName, lastName });
  return { form, messages: validateSync(form).flatMap((e) => Object.values(e.constraints ?? {})) };
};

describe('PersonName: the one rule for a first or last name', () => {
  it.each([['Kari'], ['Åse Marie'], ["O'Brien-Ødegård"], ['Nguyễn'], ['José María'], ['K'.repeat(100)]])('accepts %s', (name) => {
    expect(check(name).messages).toEqual([]);
  });

  it('trims', () => {
    expect(check('  Kari ').form.firstName).toBe('Kari');
  });

  it.each([
    ['an angle bracket', '<script>'],
    ['a closing bracket', 'Kari>'],
    ['a line feed', 'Kari\nBcc: x@example.no'],
    ['a carriage return', 'Kari\rNordmann'],
    ['a tab', 'Kari\tN'],
    ['a NUL', 'Kari\u0000'],
    ['a right-to-left override', 'Kari\u202Egnirts'],
    ['a zero-width joiner', 'Ka\u200Dri'],
    ['a line separator', 'Kari\u2028Nordmann'],
  ])('refuses %s with the one message', (_label, name) => {
    expect(check(name).messages).toEqual([MSG.nameInvalidChars]);
  });

  it('refuses a name over 100 characters, naming the field', () => {
    expect(check('K'.repeat(101)).messages).toEqual([MSG.nameMax('Fornavnet', 100)]);
    expect(check('Kari', 'N'.repeat(101)).messages).toEqual([MSG.nameMax('Etternavnet', 100)]);
  });

  it("a missing name gets the form's own text", () => {
    expect(check('   ').messages).toEqual([MSG.firstNameRequired]);
    expect(check(42).messages).toContain(MSG.firstNameRequired);
    expect(check('Kari', '').messages).toEqual([MSG.fillAllFields]);
  });
});
