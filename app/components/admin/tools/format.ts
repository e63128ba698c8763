export const numberFormat = new Intl.NumberFormat("en-US");
