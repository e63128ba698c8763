/** Types of this domain that the browser also uses (the *.server modules re-export them). */

export interface Festival {
  id: number;
  name: string;
  description: string;
  startDate: string;
  endDate: string;
  /** Venue. */
  location: string;
  city: string;
  state: string;
  website?: string;
  ticketPrice?: string;
  image: string | null;
  featured: boolean;
  updatedAt: string;
}
