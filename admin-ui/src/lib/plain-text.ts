/**
 * Markup as a reader sees it: tags taken out (each reads as a space), `&nbsp;` as a space,
 * white space folded. Whether rich text holds anything (`<p></p>` holds nothing), and how a
 * diff, a list cell or a notice shows it as prose.
 */
export const textOfMarkup = (html: string): string =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
