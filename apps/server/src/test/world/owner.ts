/** The world's account owner, as the fixtures need them (targets.ts). */
export interface WorldOwner {
  accountId: string;
  userId: string;
  email: string;
  name: string;
  systemAdmin: boolean;
}
