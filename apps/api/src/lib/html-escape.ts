// Text put into the HTML the server writes itself (page titles, descriptions, its own small pages).

/** Text for an element's content. */
export const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Text for a double-quoted attribute value. */
export const escapeAttribute = (value: string) => escapeText(value).replace(/"/g, '&quot;');
