import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { type FieldErrors, isLeaving, serverFieldErrors } from './form-errors.js';
import { useForget } from './use-forget.js';

type AdminSaveOptions = {
  /** The list page that Cancel and a successful save return to. */
  list: string;
  /** The cached reads a save makes stale (see useForget). */
  forget: string[];
  /** Names what is saved in the log line of a failure that names no field. */
  what: string;
};

/**
 * The save of an admin add/edit page: its field errors and saving state, Cancel back to the list,
 * and `save`, which sends the change, forgets the stale reads and returns to the list. A refusal
 * naming fields (400/409) lands on them; any other failure is logged only (SPEC.md §8), unless the
 * form handles failures itself with `onFailure` (called on every failure but a redirect).
 */
export function useAdminSave({ list, forget: stale, what }: AdminSaveOptions) {
  const navigate = useNavigate();
  const forget = useForget(...stale);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  async function save(send: () => Promise<unknown>, onFailure?: (error: unknown) => void) {
    setSaving(true);
    try {
      await send();
      await forget();
      navigate(list);
    } catch (error) {
      if (isLeaving(error)) return;
      const fieldErrors = serverFieldErrors(error);
      if (fieldErrors) setErrors(fieldErrors);
      if (onFailure) onFailure(error);
      else if (!fieldErrors) console.error(`Saving the ${what} failed`, error);
      setSaving(false);
    }
  }

  return { errors, setErrors, saving, save, cancel: () => navigate(list) };
}
