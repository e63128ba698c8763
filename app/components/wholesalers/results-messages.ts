/** Said when a search for wholesalers fails; apart from near-results.tsx so the finder can say it without loading the results' code. */
export const ZIPCODE_ERROR_MESSAGE = "Error finding wholesalers. Please try again.";
