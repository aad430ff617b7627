import { accountTexts } from '../../core/texts/account';
import { authTexts } from '../../core/texts/auth';
import { shellTexts } from '../../core/texts/shell';

/**
 * The slice of `texts` the login screen and the signed-out frame show, same keys and values
 * (`texts.auth.connect`, `texts.hintLoginId`), taken from the per-part modules so the login
 * screen's first load does not carry every screen's texts (ADR 040).
 */
export const texts = { ...accountTexts, auth: authTexts, shell: shellTexts } as const;
