import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';

export type Flash = { color: 'green' | 'red'; text: string };

/** SPEC.md §4: after a successful invite (or role update) the list opens after 2 seconds. */
export const RETURN_AFTER_MS = 2000;

/** A message; a success one returns to `backTo` after 2 seconds. */
export function useFlash(backTo: string) {
  const [flash, setFlash] = useState<Flash | null>(null);
  const navigate = useNavigate();
  useEffect(() => {
    if (flash?.color !== 'green') return;
    const timer = setTimeout(() => navigate(backTo), RETURN_AFTER_MS);
    return () => clearTimeout(timer);
  }, [flash, backTo, navigate]);
  return { flash, setFlash };
}
