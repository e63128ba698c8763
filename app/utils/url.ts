/** A site path prefixed with the site's address; an address that is already absolute stays as it is. */
export const absoluteUrl = (siteUrl: string, pathOrUrl: string) => (/^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${siteUrl}${pathOrUrl}`);
