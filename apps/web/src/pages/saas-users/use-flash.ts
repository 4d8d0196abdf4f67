import { RETURN_TO_LIST_MS } from '@portal/domain';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';

export type Flash = { color: 'green' | 'red'; text: string };

/** A message; a success one returns to `backTo` after 2 seconds (SPEC.md §4, §9). */
export function useFlash(backTo: string) {
  const [flash, setFlash] = useState<Flash | null>(null);
  const navigate = useNavigate();
  useEffect(() => {
    if (flash?.color !== 'green') return;
    const timer = setTimeout(() => navigate(backTo), RETURN_TO_LIST_MS);
    return () => clearTimeout(timer);
  }, [flash, backTo, navigate]);
  return { flash, setFlash };
}
