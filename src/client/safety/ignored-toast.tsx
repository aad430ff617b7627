import { fillText, texts } from '../../core/texts';
import { useToast } from '../ui/toast';
import { useIgnoreActions } from './use-ignores';

/**
 * The toast's body after an ignore or unignore, with UNDO. Its own component (the toast region lives
 * above every screen), so UNDO still works once the line or row that was acted on is gone.
 */
export function IgnoredToast({
  userId,
  username,
  undoes,
}: {
  userId: number;
  username: string;
  undoes: 'ignore' | 'unignore';
}) {
  const s = texts.safety;
  const { ignore, unignore } = useIgnoreActions();
  const toast = useToast();
  const undo = () => {
    const done = { onSuccess: () => toast.dismiss() };
    if (undoes === 'ignore') unignore.mutate(userId, done);
    else ignore.mutate(username, done);
  };
  return (
    <span className="bb-safety__toast">
      {fillText(undoes === 'ignore' ? s.ignored : s.unignored, { name: username })}{' '}
      <button
        type="button"
        className="bb-safety__undo"
        onClick={undo}
        disabled={ignore.isPending || unignore.isPending}
      >
        {s.undo}
      </button>
    </span>
  );
}
