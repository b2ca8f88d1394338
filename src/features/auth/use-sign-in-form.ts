import { useRef, useState } from 'react';
import type * as v from 'valibot';
import { fieldProblems, type FieldProblem } from './sign-in-fields';

/**
 * The state of a sign-in form: its values, each field's problem from the last send, and whether
 * a send is under way. The two sign-in forms keep this themselves rather than in
 * @tanstack/react-form, which every other form uses (DESIGN §5): its 16 KB gzip would be a fifth of
 * the landing page's first-paint budget (docs/performance.md), for two forms of one or two fields
 * checked only when sent. They behave as they did in it: the schema is checked on send, a field's
 * problem goes as soon as that field is edited, and a second send waits for the first.
 */
export function useSignInForm<Field extends string>(
  schema: v.GenericSchema<Record<Field, string>, unknown>,
  initial: Record<Field, string>,
  onValid: (values: Record<Field, string>) => Promise<void>,
) {
  const [values, setValues] = useState(initial);
  const [problems, setProblems] = useState<Partial<Record<Field, FieldProblem>>>({});
  const [submitting, setSubmitting] = useState(false);
  // Read by a send started in the same frame as another, before React re-renders.
  const sending = useRef(false);

  const setValue = (field: Field, value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setProblems((previous) => (previous[field] ? { ...previous, [field]: undefined } : previous));
  };

  const submit = async () => {
    if (sending.current) return;
    const found = fieldProblems(schema, values);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    sending.current = true;
    setSubmitting(true);
    try {
      await onValid(values);
    } finally {
      sending.current = false;
      setSubmitting(false);
    }
  };

  const reset = () => {
    setValues(initial);
    setProblems({});
  };

  return { values, problems, submitting, setValue, submit, reset };
}
