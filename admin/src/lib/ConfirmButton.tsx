import Button from '@mui/material/Button';
import { useState, type ReactNode } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { useNotifyingAction } from './useNotifyingAction';

interface ConfirmButtonProps {
  /** The button's text, or its key in nb. */
  label: string;
  icon?: ReactNode;
  color?: 'primary' | 'error';
  disabled?: boolean;
  /** The question, and what will happen. */
  title: string;
  content: string;
  confirmLabel: string;
  /** Runs once confirmed; a failure is shown as the server's message. */
  onConfirm: () => Promise<void>;
}

/** A button for an action that is not undone with a click (revoke a grant, send an e-mail again): it asks first. */
export function ConfirmButton({
  label,
  icon,
  color = 'primary',
  disabled,
  title,
  content,
  confirmLabel,
  onConfirm,
}: ConfirmButtonProps) {
  const translate = useTranslate();
  const { busy, run } = useNotifyingAction();
  const [open, setOpen] = useState(false);
  const confirm = async () => {
    await run(onConfirm);
    setOpen(false);
  };
  return (
    <>
      <Button size="small" color={color} startIcon={icon} onClick={() => setOpen(true)} disabled={busy || disabled}>
        {translate(label, { _: label })}
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title={title}
        content={content}
        confirm={confirmLabel}
        cancel="Avbryt"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
