/** Types of this domain that the browser also uses (the *.server modules re-export them). */
import type { GeneralSettings, MailSettings, SeoSettings } from "./settings-form";

export interface SiteSettings {
  general: GeneralSettings;
  seo: SeoSettings;
  mail: MailSettings;
}
