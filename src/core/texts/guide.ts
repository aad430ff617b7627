/** The guide screen's frame (spec §2); its sections are in client/screens/guide/guide-content.ts. */
export const guideTexts = {
  title: 'GUIDE',
  tagline: 'operator handbook · read before you breach',
  sections: 'Guide sections',
  index: 'INDEX',
} as const;
