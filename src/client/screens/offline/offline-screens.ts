/** The screens not built yet: their title and what they will do (spec §1), shown while offline. */
export const offlineScreens = {
  inventory: {
    title: 'INVENTORY',
    summary: 'Gear and Telnet Cores: equip CPU, RAM and GPU, open cores, destroy what you do not need.',
  },
  kernel: {
    title: 'KERNEL',
    summary: 'A shared 800×800 grid of bits. Buy bits with Telnet, paint them your colour, run the drone.',
  },
  optimizer: {
    title: 'OPTIMIZER',
    summary: 'A timed upgrade that raises your connection rate one percent at a time.',
  },
  terminal: {
    title: 'TERMINAL',
    summary: 'A command line for the global chatroom and for SSH intrusions into other operators’ directories.',
  },
  'data-exchange': {
    title: 'DATA EXCHANGE',
    summary: 'The marketplace: sell gear and Telnet Cores to other operators for Telnet.',
  },
  blockchain: {
    title: 'BLOCKCHAIN',
    summary: 'A shared boss. Crack its numeric code together; every guess costs experience.',
  },
  virus: {
    title: 'VIRUS',
    summary: 'The Trojan shop, where Trojans award Telnet Cores.',
  },
} as const;

export type OfflineScreenKey = keyof typeof offlineScreens;
