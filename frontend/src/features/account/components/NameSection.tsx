import type { MeResponse } from '@academy/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '../../../components/Button';
import { Field, Input, StatusMessage, type FormStatus } from '../../../components/Form';
import { ApiError } from '../../../lib/api';
import { useAccountName, useUpdateName } from '../api/name';
import { AccountSection } from './AccountSection';

/** 'Navn': the name on the account, the one course certificates carry. For an account whose address is proved. */
export function NameSection({ me }: { me: MeResponse }) {
  const stored = useAccountName(me.id, me.claimed);
  const save = useUpdateName(me.id);
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [status, setStatus] = useState<FormStatus>(null);
  const loaded = stored.data;
  useEffect(() => {
    if (!loaded) return;
    setFirstName((v) => v || loaded.firstName);
    setLastName((v) => v || loaded.lastName);
  }, [loaded]);
  if (!me.claimed) return null;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setStatus(null);
    save.mutate(
      { firstName, lastName },
      {
        onSuccess: () => setStatus({ kind: 'success', text: 'Navnet er lagret.' }),
        onError: (err) =>
          setStatus({ kind: 'error', text: err instanceof ApiError ? err.message : 'Kunne ikke lagre navnet. Prøv igjen.' }),
      },
    );
  };

  return (
    <AccountSection data-testid="account-name">
      <h2>Navn</h2>
      <p className="account-section__lead">Navnet står på kursbevisene dine. Skriv det slik du vil at det skal stå.</p>
      <form className="form-stack" onSubmit={onSubmit} noValidate>
        <Field id="account-first-name" label="Fornavn">
          <Input
            id="account-first-name"
            name="firstName"
            autoComplete="given-name"
            maxLength={100}
            value={firstName}
            onChange={(e) => setFirstName(e.target.value)}
          />
        </Field>
        <Field id="account-last-name" label="Etternavn">
          <Input
            id="account-last-name"
            name="lastName"
            autoComplete="family-name"
            maxLength={100}
            value={lastName}
            onChange={(e) => setLastName(e.target.value)}
          />
        </Field>
        <div>
          <Button type="submit" busy={save.isPending} disabled={save.isPending || stored.isPending}>
            Lagre navn
          </Button>
        </div>
        <StatusMessage status={status} />
      </form>
    </AccountSection>
  );
}
