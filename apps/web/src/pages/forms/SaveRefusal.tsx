import { Alert } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../api/api.js';
import { serverFieldErrors } from '../../components/form/form-errors.js';

/**
 * A refusal of a form's save that names no field, such as the 409 of a record a batch took while
 * it was being edited: said on the page, beside the buttons, since there is no field to put it on.
 * A refusal naming fields lands on them (useAdminSave); any other failure is logged only (§8).
 */
export function useSaveRefusal(what: string) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const onFailure = (failure: unknown) => {
    if (serverFieldErrors(failure)) return;
    if (failure instanceof ApiError && failure.status >= 400 && failure.status < 500)
      setRefusal(failure.message);
    else console.error(`Saving the ${what} failed`, failure);
  };
  return { refusal, clearRefusal: () => setRefusal(null), onFailure };
}

export function SaveRefusal({ refusal }: { refusal: string | null }) {
  return refusal ? (
    <Alert color="red" title="Not saved" role="alert">
      {refusal}
    </Alert>
  ) : null;
}
