import { CAMPAIGN_CODE_MAX_LENGTH, type CampaignCodeQuote, type CheckoutCourseId } from '@academy/contracts';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/Button';
import { ApiError } from '../../../lib/api';
import { formatPriceKr } from '../../../lib/format';
import { fetchCampaignCodeQuote } from '../api/campaign-code';
import { usePartnerOfCode } from '../api/partner-code';
import { CHECKOUT_COPY as T } from '../content';
import './CampaignCodeField.css';

export interface CampaignCodeState {
  /** The code the server priced for the chosen course, or null. */
  quote: CampaignCodeQuote | null;
  input: string;
  setInput: (v: string) => void;
  error: string | null;
  busy: boolean;
  apply: (code?: string) => Promise<void>;
  remove: () => void;
}

/**
 * The campaign code of the checkout: typed in the field or given as `?kode=` (applied at once), priced
 * by the server for the chosen course and priced again when the course changes.
 */
export function useCampaignCode(course: CheckoutCourseId, initial: string | null): CampaignCodeState {
  const [input, setInput] = useState(initial ?? '');
  const [applied, setApplied] = useState<string | null>(initial?.trim() ? initial.trim() : null);
  const [quote, setQuote] = useState<CampaignCodeQuote | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const seq = useRef(0);

  const price = useCallback(async (code: string, courseId: CheckoutCourseId) => {
    const n = ++seq.current;
    setBusy(true);
    setError(null);
    try {
      const q = await fetchCampaignCodeQuote(code, courseId);
      if (n !== seq.current) return;
      setQuote(q);
    } catch (err) {
      if (n !== seq.current) return;
      setQuote(null);
      setError(err instanceof ApiError ? err.message : T.codeError);
    } finally {
      if (n === seq.current) setBusy(false);
    }
  }, []);

  useEffect(() => {
    if (applied) void price(applied, course);
  }, [applied, course, price]);

  const apply = async (code = input) => {
    const c = code.trim();
    if (!c) {
      setError(T.codeMissing);
      return;
    }
    setApplied(c);
    if (c === applied) await price(c, course);
  };
  const remove = () => {
    seq.current++;
    setApplied(null);
    setQuote(null);
    setError(null);
    setInput('');
    setBusy(false);
  };
  return { quote, input, setInput, error, busy, apply, remove };
}

/** "Har du en kampanjekode?": a link that opens the field, or the applied code with its discount. */
export function CampaignCodeField({ state, disabled }: { state: CampaignCodeState; disabled?: boolean }) {
  const uid = useId();
  const [open, setOpen] = useState(!!state.input);
  const { quote, error, busy } = state;
  const partner = usePartnerOfCode(quote?.code ?? null).data;

  if (quote) {
    return (
      <div className="campaign-code campaign-code--applied" role="status" data-testid="campaign-code-applied">
        <span>
          {partner ? T.partnerCodeApplied(quote.code, partner.partnerName) : T.codeApplied(quote.code)}{' '}
          <strong>−{formatPriceKr(quote.discountOre)}</strong>
        </span>
        <button type="button" className="campaign-code__remove" onClick={state.remove} disabled={disabled}>
          {T.codeRemove}
        </button>
      </div>
    );
  }
  if (!open) {
    return (
      <button type="button" className="campaign-code__toggle" onClick={() => setOpen(true)} disabled={disabled}>
        {T.codeQuestion}
      </button>
    );
  }
  return (
    <div className="campaign-code">
      <label htmlFor={`${uid}-code`} className="campaign-code__label">
        {T.codeLabel}
      </label>
      <div className="campaign-code__row">
        <input
          id={`${uid}-code`}
          name="campaignCode"
          className="campaign-code__input"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={CAMPAIGN_CODE_MAX_LENGTH}
          value={state.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${uid}-code-error` : undefined}
          onChange={(e) => state.setInput(e.target.value)}
          onKeyDown={(e) => {
            // Enter applies the code instead of submitting the order.
            if (e.key === 'Enter') {
              e.preventDefault();
              void state.apply();
            }
          }}
          disabled={disabled}
        />
        <Button type="button" variant="light" busy={busy} disabled={disabled || busy} onClick={() => void state.apply()}>
          {T.codeApply}
        </Button>
      </div>
      {error && (
        <p id={`${uid}-code-error`} className="campaign-code__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
