import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';

/** How long a success toast stays: long enough to read a short sentence twice. */
const TOAST_MS = 4000;

type Toast = { id: number; text: string };
type ShowToast = (text: string) => void;

const ToastContext = createContext<ShowToast | null>(null);

/** The success toasts of spec §8 ("Success toasts follow creating or editing …"). */
export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast outside a ToastProvider');
  return show;
}

/** Holds the toasts of the screens below it and shows them in one stack at the corner. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<readonly Toast[]>([]);
  const next = useRef(1);
  const show = useCallback<ShowToast>((text) => {
    const id = next.current++;
    setToasts((list) => [...list, { id, text }]);
    setTimeout(() => {
      setToasts((list) => list.filter((toast) => toast.id !== id));
    }, TOAST_MS);
  }, []);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext value={value}>
      {children}
      <div className="toasts" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <div key={toast.id} className="toasts__toast" data-testid="toast">
            {toast.text}
          </div>
        ))}
      </div>
    </ToastContext>
  );
}
