import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, MSG } from '@academy/contracts';
import { commonPasswords, isCommonPassword } from './common-passwords';
import { ConfirmPasswordField, NewPasswordField } from './new-password.dto';

class Form {
  @NewPasswordField()
  newPassword: string;
}

class Confirm {
  @ConfirmPasswordField()
  confirmPassword: unknown;
}

const errorsOf = (newPassword: unknown) =>
  validateSync(plainToInstance(Form, { newPassword })).flatMap((e) =>
    Object.entries(e.constraints ?? {}).map(([k, message]) => ({ message, code: (e.contexts?.[k] as { code?: string })?.code })),
  );

describe('new passwords', () => {
  it('the list holds the 10 000 most common passwords of the maintained dictionary, most frequent first', () => {
    const list = commonPasswords();
    expect(list.size).toBe(10_000);
    expect(list.has('123456')).toBe(true);
    expect(list.has('password')).toBe(true);
    expect(isCommonPassword('Password')).toBe(true);
    expect(isCommonPassword('fjellvann-og-sol')).toBe(false);
  });

  it('at least MIN_PASSWORD_LENGTH (8) characters', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(8);
    expect(errorsOf('x7#kQ2m')).toEqual([{ message: MSG.passwordTooShort, code: undefined }]);
    expect(errorsOf('x7#kQ2mZ')).toEqual([]);
    expect(MSG.passwordTooShort).toBe('Passord må være minst 8 tegn');
  });

  it('a common password is refused with its own code', () => {
    expect(errorsOf('iloveyou')).toEqual([{ message: MSG.passwordTooCommon, code: 'PASSWORD_TOO_COMMON' }]);
    expect(errorsOf('x'.repeat(129))).toEqual([{ message: MSG.passwordTooLong, code: undefined }]);
  });

  it('the repeated password is text of at most MAX_PASSWORD_LENGTH characters, in the same words', () => {
    const messages = (confirmPassword: unknown) =>
      validateSync(plainToInstance(Confirm, { confirmPassword })).flatMap((e) => Object.values(e.constraints ?? {}));
    expect(messages('kort')).toEqual([]);
    expect(messages(undefined)).toContain(MSG.confirmPasswordRequired);
    expect(messages('x'.repeat(MAX_PASSWORD_LENGTH + 1))).toEqual([MSG.passwordTooLong]);
    expect(MSG.passwordTooLong).toBe(`Passord kan være maks ${MAX_PASSWORD_LENGTH} tegn`);
  });
});
