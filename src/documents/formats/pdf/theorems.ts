// Theorem-like heads (LaTeX's \newtheorem, amsthm's proof, thmbox's boxes): "Theorem 2.1",
// "Lemma 3 (Zorn).", "Proof.", "Definition (Order).". A line of its own in a bold or boxed face
// they pass for a heading by their font, their number, their shortness; they are the label of a
// statement inside a section, as a caption is a figure's, and stay text of that section.

/** The theorem-like environments' words, in the languages of our users. */
const WORDS =
  'theorem|lemma|corollary|proposition|definition|conjecture|claim|axiom|th[ée]or[èe]me|lemme|corollaire|d[ée]finition|satz|korollar|vermutung|teorema|lema|corolario|corol[áa]rio|corollario|definici[óo]n|defini[çc][ãa]o|definizione|proposici[óo]n|proposi[çc][ãa]o|proposizione|congettura|conjetura';
/** A proof's head. */
const PROOF = 'proof|beweis|d[ée]monstration|preuve|demostraci[óo]n|dimostrazione|prova|demonstra[çc][ãa]o';
/** A numbered head: the word, a number ("2", "2.1", "A.3"), its name in brackets, text after it. */
const NUMBERED = new RegExp(
  `^(?:${WORDS})\\s+(?:[A-Z]\\.)?\\d{1,3}(?:\\.\\d{1,3}){0,3}\\.?(?:\\s*\\([^)]*\\)\\.?)?(?:\\s|$)`,
  'iu',
);
/** An unnumbered head: the word, its name in brackets, closed by a full stop or a colon. */
const UNNUMBERED = new RegExp(`^(?:${WORDS}|${PROOF})(?:\\s*\\([^)]*\\))?\\s*[.:]$`, 'iu');

/**
 * Does a line open a theorem-like statement or a proof: "Theorem 2.1", "Lemma 3 (Zorn).",
 * "Corollary 1.3 Every ...", "Proof.", "Definition (Order)."? A word without a number needs its
 * full stop or colon: a section titled "Definition" or "Proof" stays one.
 */
export function isTheoremHead(text: string): boolean {
  return NUMBERED.test(text) || UNNUMBERED.test(text);
}
