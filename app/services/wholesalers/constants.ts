/** Client-safe facts about wholesalers, shared by pages, admin screens and the server. */
export const WHOLESALER_TYPES = ["Wholesale", "Retail", "Both"] as const;
export type WholesalerType = (typeof WHOLESALER_TYPES)[number];

/** The entity's name in the audit log and in the admin's confirmation texts. */
export const WHOLESALER_ENTITY = "wholesaler";
