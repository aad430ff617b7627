/** One entry of the SYSTEM menu; routes.tsx generates the list from its route table. */
export interface MenuItem {
  to: string;
  label: string;
}
