import type { SeedBlogPost } from "../types";
import { SAVINGS_CLAIM } from "~/utils/claims";

/**
 * Seed blog articles. Content is Markdown without a top-level heading
 * (the page renders the title separately).
 */
export const blogPosts: SeedBlogPost[] = [
  {
    title: "How to Buy From a Wholesale Flower Market as a Non-Florist",
    excerpt:
      "Wholesale flower markets can cut your flower bill in half. Here is how non-florists find an open market, shop the floor and get stems home fresh.",
    category: "Guides",
    date: "2025-01-14",
    image: "/images/blog/wholesale-market-guide.webp",
    content: `Walking into a wholesale flower market for the first time can feel like crashing a private party. Buckets are stacked to the ceiling, florists push carts at speed, and prices are scribbled on cardboard in shorthand. The good news is that many markets welcome the public, and once you know the unwritten rules you can buy the same stems the pros use for ${SAVINGS_CLAIM} less than retail.

## Find Out Whether the Market Sells to the Public

Wholesale flower businesses generally fall into three groups:

- **Trade only.** You need a resale certificate or business license to buy. Some will still sell to you through a florist friend's account.
- **Public hours.** Many markets open to everyone after the early trade rush, often from mid-morning on, and some charge a small entry fee of a few dollars.
- **Open to all.** These vendors sell to anyone at any time, sometimes with a separate price for customers without a resale number.

Call ahead and ask three questions: Are you open to the public, and when? Do you take cards? Is there a minimum purchase? Our directory lists each business as Wholesale, Retail or Wholesale & Retail, but hours change with the seasons, so always confirm before you drive over.

## Learn How Flowers Are Sold

Wholesalers sell by the bunch, not by the single stem. Typical bunch sizes:

- Roses and carnations: 25 stems
- Spray roses, alstroemeria, lisianthus, stock, tulips and ranunculus: 10 stems
- Peonies: 5 or 10 stems
- Hydrangeas: often sold singly, or in boxes of 30 or more
- Greenery such as eucalyptus or ruscus: a bunch of roughly half a pound to a pound

Prices are marked per stem or per bunch; ask if the sign is unclear. As a rough guide for standard varieties outside holiday weeks, expect roses at $1 to $2 a stem, carnations at 50 cents to $1, hydrangeas at $3 to $6 a head, and a bunch of eucalyptus at $8 to $15. Customers without a resale certificate pay sales tax on top.

## Plan Before You Go

Make a shopping list with stem counts, not just flower names. A medium vase arrangement needs 15 to 25 stems, and a generous low centerpiece needs 25 to 35. Write down a substitute in the same color for every flower, because the exact variety you saw online may not be in that day.

Pack your car with:

1. Two or three clean 5-gallon buckets holding 3 to 4 inches of water
2. Sharp pruners or a floral knife
3. Old towels and a tarp to protect the seats
4. A cooler bag for delicate stems like ranunculus on hot days

## Shopping the Floor

Walk the whole market once before buying anything. The same rose can vary by 50 cents a stem from one stall to the next. When you inspect a bunch, check:

- **Leaves:** firm and green, not yellow or slimy
- **Stem ends:** clean and pale, not brown or mushy
- **Rose heads:** firm when squeezed gently at the base; a soft head means an older flower
- **Petals:** no brown edges, bruising or gray mold

If your event is two or three days away, buy flowers a little closed. Lilies and peonies in particular open fast in a warm room.

## Budget Moves the Pros Use

- Ask about "seconds" or the clearance bucket. Shorter stems and slightly open blooms are perfect for low arrangements and often cost half price.
- Build around one or two focal flowers, then fill out with inexpensive carnations, alstroemeria and greenery.
- Avoid the week before Valentine's Day and Mother's Day, when rose prices can double.
- Shop early in the week for selection and late in the week for markdowns.
- Share a bunch with a friend if you only need 10 of the 25 roses.

## Getting Stems Home in Good Shape

Get flowers into water as soon as possible and keep the car cool. At home, strip leaves that would sit below the waterline, recut 1 inch off each stem at an angle, and stand the stems in clean buckets of lukewarm water, about 100 to 110°F, in a cool room for at least two hours before arranging. Handled this way, most market flowers will give you 7 to 10 days of vase life, and hardy stems like carnations and chrysanthemums often last two weeks or more.`,
  },
  {
    title: "Turn Grocery Store Flowers Into a Designer Bouquet",
    excerpt:
      "A $15 supermarket bouquet can look like a $75 florist arrangement. Take it apart, add one extra bunch and rebuild it with a few simple designer tricks.",
    category: "DIY",
    date: "2025-02-11",
    image: "/images/blog/grocery-store-designer-bouquet.webp",
    content: `Supermarket bouquets are built to survive shipping and a week on a display rack, not to look beautiful on your table. They tend to be tight, flat-topped and heavy on filler. But the flowers inside are often the same varieties florists use, and with 20 minutes of work a $15 grocery bouquet can look like it cost five times as much.

## Shop Smart at the Store

- **Check the bucket.** Clean water and firm stems are good signs. Cloudy water or slimy stems mean the bouquet has been sitting for a while.
- **Look for some closed buds.** Bunches with a few flowers still tight will open at home and last longer.
- **Squeeze rose heads gently.** Firm heads are fresh; soft, papery heads are on their way out.
- **Check the date code** on the sleeve if there is one.

The best-value strategy is one mixed bouquet plus one single-variety bunch, for example a $12.99 mixed bouquet and a $5.99 bunch of carnations or alstroemeria in a coordinating color. A second bunch of one flower gives you the clusters that make an arrangement look designed. If your store sells eucalyptus or ruscus by the bunch, that is an even better add-on.

## Take It All Apart

This is the step most people skip. Remove the sleeve and rubber band and lay every stem on the counter, grouped by type. You will usually find:

- 2 to 5 focal flowers (roses, lilies, sunflowers, gerberas)
- 5 to 10 secondary flowers (alstroemeria, carnations, spray roses, mums)
- Filler (statice, solidago, baby's breath, waxflower)
- Greenery (leatherleaf fern, salal, eucalyptus)

Now edit. Remove anything damaged, and do not feel obliged to use every stem. Leatherleaf fern and dyed filler are the first things to cut if you want a more expensive look. Save the extras for a bud vase in the bathroom.

## Condition Before You Arrange

Strip every leaf that would sit below the waterline, recut each stem 1 inch at an angle with a sharp knife or pruners, and stand the stems in lukewarm water with the included flower food for an hour or two. Grocery flowers are often thirsty after days in transit, and this rest makes them noticeably perkier.

## The Designer Tricks

1. **Pick the right vase.** The finished arrangement should stand about 1.5 to 2 times the height of the vase. A 6- to 8-inch vase with an opening 3 to 4 inches wide suits a typical grocery bouquet. A wide-mouth vase makes the stems splay and look sparse.
2. **Start with greenery.** Crisscross 4 to 6 greenery stems in the vase to form a loose grid that holds everything else in place.
3. **Add focal flowers in odd numbers.** Place 3 or 5 focal blooms at slightly different heights, never in a flat row.
4. **Cluster the secondary flowers.** Group 2 or 3 stems of the same flower together rather than dotting them evenly. Clusters look deliberate; polka dots look like a supermarket bouquet.
5. **Vary the heights.** Let one or two stems rise a few inches above the rest and let something drape over the rim.
6. **Edit filler hard.** Use it to plug gaps, not as a cloud over everything.
7. **Turn and check.** Rotate the vase and fix gaps from every side that will be seen.

## Make It Look More Expensive

- **Go monochrome.** A bouquet in one color family, such as blush and white or all shades of orange, reads as more luxurious than a rainbow mix. Remove the off-palette stems and use them elsewhere.
- **Split one bouquet into three.** Three bud vases of 3 to 5 stems each, grouped on a tray or spaced down a dining table, stretch a small bouquet much further.
- **Add something from outside.** A few branches, sprigs of rosemary or mint, or garden greenery add texture grocery bouquets lack, and they are free.

## Make It Last

Change the water every two days, recut the stems about half an inch each time, and keep the vase away from the fruit bowl, heating vents and sunny windows. With that routine, alstroemeria, carnations and chrysanthemums commonly last 10 to 14 days or more, while roses and lilies usually give you about a week. Pull out blooms as they fade and rebuild a smaller arrangement from what remains, and a $19 shopping trip can keep your table in flowers for two weeks.`,
  },
  {
    title: "Conditioning and Processing Flower Stems Like a Pro",
    excerpt:
      "Processing stems properly can add days to vase life. Learn the water temperatures, cutting methods and special treatments that different flowers need.",
    category: "Guides",
    date: "2025-03-05",
    image: "/images/blog/conditioning-flower-stems.webp",
    content: `Florists call it processing or conditioning: the work that happens between unboxing flowers and arranging them. It is the least glamorous part of the job and the one that makes the biggest difference to how long flowers last. A well-conditioned rose can last 7 to 10 days; the same rose pushed into a vase straight from the car may droop in three.

## Why Conditioning Matters

A cut stem is essentially a drinking straw with no roots attached. Between the farm and your kitchen it has probably spent hours or days out of water, so the cut end has sealed with air bubbles, dried sap and bacteria. Conditioning reopens that straw, removes anything that will rot in the water, and gives each flower time to rehydrate fully before it has to perform.

## Set Up Your Station

- Clean buckets, scrubbed with hot soapy water and rinsed with a dilute bleach solution of about 1 tablespoon per gallon
- A sharp floral knife or bypass pruners; dull scissors crush the water-conducting tissue
- Flower food packets or a homemade solution
- A cool room out of direct sun, away from the fruit bowl

Fill the buckets with 4 to 6 inches of water before you unwrap anything, so no stem waits around dry.

## The Standard Process

This method works for most flowers, including roses, carnations, alstroemeria, lisianthus, stock, snapdragons and chrysanthemums.

1. **Unwrap and inspect.** Remove rubber bands and sleeves. Pull out stems with broken necks or mold.
2. **Strip the foliage.** Remove every leaf that would sit below the waterline. Leaves in water rot and feed bacteria. On roses, remove the outer guard petals only if they are bruised.
3. **Recut.** Take 1 to 2 inches off each stem at a 45-degree angle. The angle increases the surface area and keeps the stem from sitting flat against the bucket floor.
4. **Hydrate.** Place stems straight into lukewarm water, about 100 to 110°F, mixed with flower food at the dose printed on the packet. Warm water moves up the stem faster than cold.
5. **Rest.** Let the flowers drink for at least 2 hours, ideally 4 to 12 hours or overnight, in a cool spot before arranging.

## Special Cases

Not every flower follows the standard rules.

- **Bulb flowers** such as tulips, daffodils, hyacinths and irises prefer cool water, around 50 to 60°F. Tulips keep growing an inch or more in the vase and bend toward light, so wrap them snugly in paper while they hydrate if you want straight stems.
- **Daffodils and other narcissus** release a sap that shortens the life of other flowers. Condition them alone for 6 to 12 hours, then add them to mixed arrangements without recutting.
- **Woody stems** such as lilac, forsythia, quince and viburnum: cut at a sharp angle and add a vertical snip about 1 inch up the stem. Skip the old hammer trick; smashing stems damages tissue and invites bacteria.
- **Hydrangeas** wilt quickly and can take up water through their petals. Recut, dip the stem end in boiling water for about 30 seconds or in powdered alum, and if a head droops, submerge the whole bloom in cool water for 30 to 60 minutes.
- **Milky-sap flowers** such as poppies and euphorbia: sear the cut end with a flame or dip it in boiling water for about 10 seconds to stop the sap from leaking. Wear gloves with euphorbia, whose sap irritates skin.
- **Hollow stems** like amaryllis and delphinium can be turned upside down, filled with water and plugged with a small piece of cotton.

## Thorns, Pollen and Other Extras

Use a stem stripper or a gloved hand to remove rose thorns, but go gently; deep gouges in the bark create entry points for bacteria. Pull off lily anthers as soon as the blooms open, since the pollen stains fabric, petals and skin. Lily pollen and all parts of true lilies are also highly toxic to cats, so keep them out of homes with cats.

## Budget Tips

- Conditioning is free insurance. Skipping it is how a $60 bucket of flowers turns into a $60 compost pile.
- After arranging, change the water and recut half an inch every two days. This one habit can add 3 to 5 days of vase life.
- Keep flowers away from ripening fruit, which gives off ethylene gas that makes carnations, alstroemeria and many other flowers fade or drop petals early.
- Process your flowers the day you buy them, even if you arrange later. A bucket of conditioned stems in a cool garage will wait happily for a day or two.`,
  },
  {
    title: "A $50 DIY Wedding Centerpiece Plan",
    excerpt:
      "A complete shopping list, stem count and step-by-step plan for a lush, low wedding centerpiece that costs about $50 in wholesale flowers.",
    category: "Wedding",
    date: "2025-04-22",
    image: "/images/blog/diy-wedding-centerpiece-plan.webp",
    content: `Florist-made wedding centerpieces commonly run $100 to $250 per table. With wholesale flowers, a low bowl and an afternoon of practice, you can build a full, garden-style centerpiece for about $50 in stems. Here is the exact plan, including how to scale it to a whole reception.

## The Look

A low, lush arrangement in a footed bowl, roughly 14 to 16 inches across and 10 to 12 inches tall, so guests can still talk across the table. The palette is white and blush with silver-green foliage. This combination is available year-round, photographs well and suits almost any wedding color scheme.

## The Shopping List for One Centerpiece

Prices below are typical wholesale prices for standard varieties outside holiday weeks.

- **2 white hydrangea heads** at $4 each: $8
- **7 blush roses** at $1.50 each: $10.50
- **5 stems of white spray roses** at $2 each: $10
- **5 stems of white lisianthus** at $2.50 each: $12.50
- **Half a bunch of silver dollar or seeded eucalyptus:** $6
- **A few stems of waxflower or other filler:** $3

Total: about $50 for roughly 27 stems. Because spray roses and lisianthus carry several blooms on each stem, the finished piece looks like far more flowers than that.

## Supplies

- A footed compote or low bowl with a 6- to 8-inch opening (thrift stores: $3 to $8; wholesale suppliers: $8 to $15)
- A piece of 1-inch chicken wire and waterproof floral tape
- Sharp pruners and a bucket

Buy containers and mechanics well ahead. They are the part of the job you can finish months before the wedding.

## Step by Step

1. **Prep the bowl.** Scrunch chicken wire into a loose ball, press it into the bowl so it domes slightly above the rim, and tape it in place with two strips in a cross. Fill with water.
2. **Build the shape with greenery.** Cut the eucalyptus into 8- to 12-inch pieces. Angle the first pieces low and wide over the rim on opposite sides to set the width, then add shorter pieces toward the top. Leave gaps for the flowers.
3. **Place the hydrangeas.** Set the two heads low and off-center on opposite sides. They cover a lot of wire and make the base look full.
4. **Add the roses.** Cluster them in groups of 2 or 3, with the tallest about 10 inches above the table and the rest lower. Turn the faces slightly outward.
5. **Weave in spray roses and lisianthus.** Tuck them into the gaps, letting a few stems sit a little higher than the roses for movement.
6. **Finish with filler.** Add waxflower to soften the edges and hide any visible wire.
7. **Check every side.** A round table is seen from every seat, so turn the bowl as you work.

## Scaling Up to 10 Tables

Wholesale flowers come in bunches, so order in bunch quantities and expect a few leftovers:

- Hydrangeas: 20 heads, plus 2 spares
- Roses: 70 stems, so 3 bunches of 25
- Spray roses: 50 stems, so 5 bunches of 10
- Lisianthus: 50 stems, so 5 bunches of 10
- Eucalyptus: 5 bunches
- Waxflower: 2 to 3 bunches

The 5 extra roses and spare hydrangeas can go to the sweetheart table or the cake. Plan on about 20 to 30 minutes per centerpiece once you have made a few, so 10 tables is a comfortable half-day for two people.

## Timing

Buy the flowers 2 to 3 days before the wedding so the roses have time to open. Condition everything the day you buy it, arrange the day before, and keep the finished pieces in the coolest room you have, well away from fruit. Top up the water on the morning of the event; arrangements in chicken wire drink a lot in the first 24 hours.

## Ways to Save More

- Swap the lisianthus for white carnations at about 75 cents a stem and save around $9 per table.
- Use alstroemeria instead of spray roses for a lower price and a vase life of 10 days or more.
- Make one test centerpiece two weeks early. Count exactly what you used, photograph it, and adjust your order before committing to bunches.
- Move ceremony arrangements to the reception instead of buying separate flowers for both.`,
  },
  {
    title: "How to Make Cut Flowers Last Longer",
    excerpt:
      "Simple habits that add days to vase life: clean vases, fresh cuts, the right water temperature, cool rooms and keeping flowers far from the fruit bowl.",
    category: "Tips",
    date: "2025-05-13",
    image: "/images/blog/make-flowers-last-longer.webp",
    content: `The difference between a bouquet that lasts 4 days and one that lasts 12 usually comes down to a handful of small habits. None of them cost much and most take under five minutes. Here is what actually works, roughly in order of impact.

## 1. Start With a Clean Vase

Bacteria are the leading cause of short vase life. They multiply in the water, clog the stems and stop flowers from drinking. A vase that looks clean but held last week's flowers can still carry a film of bacteria.

- Scrub vases with hot, soapy water and a bottle brush.
- Rinse with about 1 tablespoon of bleach per gallon of water, then rinse again with plain water.
- For narrow vases, swirl warm water, a spoonful of uncooked rice and a drop of dish soap to scour the inside.

## 2. Remove Leaves Below the Waterline

Any leaf sitting in water begins to rot within a day or two. Strip them all off. This single step keeps water clear for days longer.

## 3. Recut Stems the Right Way

- Cut 1 to 2 inches off each stem when you bring flowers home.
- Use a sharp knife or pruners, not household scissors, which crush the stem.
- Cut at a 45-degree angle so the stem does not sit flat on the bottom of the vase.
- Get stems into water within a few seconds of cutting.

Cutting stems underwater is a popular tip. It can help flowers prone to air blockages, such as roses, but a quick, clean cut followed by immediate placement in water works well for most flowers.

## 4. Use the Right Water Temperature

- **Most flowers:** lukewarm water, about 100 to 110°F. It moves up the stem faster than cold water.
- **Bulb flowers** such as tulips, daffodils and hyacinths: cool water, around 50 to 60°F.
- **Wilting hydrangeas:** submerge the whole head in cool water for 30 to 60 minutes to revive it.

## 5. Use Flower Food Correctly

Commercial flower food contains sugar for energy, an acidifier to help water move up the stem, and a biocide to slow bacteria. Mix each packet with the amount of water printed on it, usually a pint or a quart. A half dose in a big vase is a false economy: the sugar feeds bacteria without enough biocide to keep them in check.

## 6. Change the Water Every Two Days

Pour out the old water, rinse the vase and refill with fresh water and flower food. Recut about half an inch off the stems at the same time. Of all the habits after arranging, this is the one that adds the most days, often 3 to 5 extra.

## 7. Mind the Location

Heat speeds up aging, and so does ethylene gas.

- Keep flowers away from direct sun, heating vents, radiators, electronics and the top of the refrigerator.
- Keep them away from ripening fruit, especially bananas, apples and tomatoes, which give off ethylene. Carnations, alstroemeria, sweet peas, snapdragons and many lilies are very sensitive to it.
- Move arrangements to the coolest room at night. Florists hold most flowers at 33 to 40°F; a 60°F entry hall is far better than a 75°F kitchen.

## 8. Groom as You Go

Remove fading blooms as soon as you see them. Dying flowers release ethylene and decay, dragging the rest down with them. Rebuild a smaller arrangement from the survivors; a bouquet can live on for another week as a cluster of bud vases.

## Typical Vase Life With Good Care

- Carnations and chrysanthemums: 14 to 21 days
- Alstroemeria: 10 to 14 days
- Lilies and lisianthus: 10 to 14 days
- Roses: 7 to 10 days
- Sunflowers and zinnias: 7 to 10 days
- Tulips and peonies: 5 to 7 days
- Dahlias, sweet peas and lilac: 3 to 5 days

## The Budget Angle

If you want flowers that last, spend on long-lived varieties. A $6 bunch of carnations that lasts three weeks costs about 30 cents a day. A $20 bunch of peonies that lasts five days costs $4 a day. Build a base of long-lasting flowers and add one or two splurge stems, replacing only the short-lived blooms as they fade. You get the beauty of the special flowers and the value of the hardy ones.`,
  },
  {
    title: "Foam-Free Arranging: Chicken Wire, Flower Frogs and Tape Grids",
    excerpt:
      "Skip floral foam and arrange with chicken wire, pin frogs or a tape grid. The supplies cost little and can be reused for years of arrangements.",
    category: "DIY",
    date: "2025-06-10",
    image: "/images/blog/foam-free-arranging.webp",
    content: `For decades floral foam was the default way to hold an arrangement together: soak a green brick, push the stems in, done. Many florists have moved away from it. Foam is a plastic-based material that crumbles into microplastic particles, it cannot be reused, and stems in foam often drink less freely than stems standing in open water. The alternatives cost less over time and usually give a looser, more natural look.

## Option 1: Chicken Wire

Chicken wire, also sold as floral netting, is the most versatile foam substitute. Look for 1-inch hexagonal mesh. Galvanized wire works fine, and plastic-coated floral netting is kinder to vases and hands.

**What you need:** a 2-foot length of chicken wire (a 25-foot roll costs about $10 to $20 at a hardware store), wire cutters, waterproof floral tape and gloves.

**How to do it:**

1. Cut a piece about three times the width of the vase opening and two to three times its depth.
2. Scrunch it loosely into a ball or pillow so you have several layers of mesh.
3. Press it into the vase so it sits just below the rim, or domes slightly above it in a low bowl.
4. Secure it with two strips of waterproof tape crossing over the top, or tie it down with paddle wire around the base of a footed bowl.
5. Fill with water and arrange. Stems pass through several layers of mesh and stay where you put them, even at steep angles.

Chicken wire shines in low bowls and footed compotes, where you want flowers to lean out sideways. Rinse and dry it after each use and it will last for years.

## Option 2: Flower Frogs

A flower frog sits at the bottom of a container and holds stems upright. There are two main kinds:

- **Pin frogs (kenzan).** A heavy metal base covered in sharp pins, traditionally used in ikebana. Push stems straight down onto the pins. Woody and thick stems hold best; wrap a thin stem in a short piece of a thicker stem first. A frog 2.5 to 3 inches across costs roughly $10 to $25.
- **Cage and glass frogs.** Domed wire cages or glass discs with holes. Vintage glass frogs turn up at thrift stores and estate sales for a few dollars.

Secure a frog with floral adhesive putty pressed onto a completely dry container and a dry frog base. Frogs are ideal for shallow dishes and minimalist designs of 5 to 9 stems, where open space is part of the look.

## Option 3: Tape Grid

A tape grid is the simplest method and works on any vase with a wide opening.

1. Make sure the rim is completely dry.
2. Run strips of clear or green waterproof tape across the opening in one direction, spaced about 1 to 1.5 inches apart.
3. Run a second set at right angles to form a grid of squares.
4. Finish with one strip around the rim to anchor all the ends.

Place one or two stems in each square, starting with greenery to hide the tape. On a 6-inch opening, 4 strips each way gives you about 20 openings, enough structure for 20 to 30 stems.

## Option 4: Let the Stems Do the Work

- **Greenery base.** Crisscross sturdy greenery in the vase first to build a natural grid.
- **Hand-tied spiral.** Arrange the bouquet in your hand, tie it off and drop it into the vase.
- **Pebbles or glass marbles** in the bottom of a clear vase hold a small arrangement steady.

## Which Method Should You Use?

- Low bowl or compote: chicken wire
- Shallow dish with just a few stems: pin frog
- Clear glass vase where wire would show: tape grid
- Tall cylinder: greenery base or a hand-tied spiral

## Care Without Foam

Open-water arrangements are easy to maintain. Top up the water daily, because wide bowls evaporate quickly, and every few days tip out the old water with a hand over the mechanics and refill. Lift out any fading stems and replace them without disturbing the rest.

## Budget Notes

A foam brick costs about $2 to $4 and is used once. A roll of chicken wire, a roll of tape and one pin frog together cost around $30 to $50 and will support hundreds of arrangements. For a wedding with 10 low centerpieces, you might spend $30 on foam that ends up in the trash, or about the same on wire you will keep for every party after.`,
  },
  {
    title: "How Many Flowers Per Table? Budget Event Flower Math",
    excerpt:
      "Stem counts, vase sizes and real budgets for event tables, from bud vase clusters to low centerpieces, so you buy enough flowers without overspending.",
    category: "Guides",
    date: "2025-08-19",
    image: "/images/blog/event-flowers-per-table.webp",
    content: `The most common mistake at DIY events is not a design mistake, it is a math mistake. People buy flowers by feel, then end up with half-empty vases or three extra buckets of roses, and the budget suffers either way. This guide gives you the numbers to plan every table before you spend a dollar.

## Start With the Tables

Count the tables first, then pick a style for each type:

- **Round guest tables.** A 60-inch round seats 8 to 10 people; a 72-inch round seats 10 to 12.
- **Long banquet tables.** An 8-foot table seats 8 to 10 along the sides.
- **Feature tables.** Sweetheart or head table, cake table, welcome table, bar and restrooms.

Guest tables take most of the budget, but feature tables are where the photos happen. Spend a bit more there and a bit less on each guest table.

## Keep Centerpieces Conversation-Friendly

Keep arrangements under about 12 to 14 inches tall so guests can see each other, or lift them above eye level on stands taller than 24 inches. Anything in between blocks sight lines and gets moved to the floor by guests halfway through dinner.

## Stem Counts by Style

**Bud vase cluster.** Three to five small vases, each 4 to 6 inches tall with a narrow neck. Each holds 1 to 3 flower stems plus a sprig of greenery, so a table needs 10 to 15 stems. Cost at wholesale: roughly $12 to $25 per table.

**Low compote or bowl.** A footed bowl with a 6- to 8-inch opening. Use 5 to 7 focal flowers, 8 to 12 secondary flowers and 5 to 8 stems of filler and greenery, about 20 to 30 stems in all. Cost: $30 to $60.

**Greenery runner for long tables.** Plan about 1 bunch of eucalyptus or ruscus per 2 to 3 feet of table, then tuck in a focal flower every 6 inches or set bud vases along it. An 8-foot table needs 3 to 4 bunches of greenery, about $30 to $50 before flowers.

**Single statement.** One hydrangea head in a 5-inch cube vase, or 3 lily stems in a cylinder. About $5 to $12 per table. Add candles to make it feel full.

## A Worked Example: 12 Tables on $400

Say you have 12 round guest tables and $400 for their flowers and vases. That is about $33 per table, which points to bud vase clusters. The plan:

- 12 tables with 4 bud vases each = 48 vases, about $1.50 each in bulk = $72
- 2 flower stems per vase = 96 stems: 2 bunches of roses (50 stems) at $35 each plus 5 bunches of spray roses (50 stems) at $18 each = $160
- 1 greenery sprig per vase = 48 sprigs: 3 bunches of eucalyptus at $12 each = $36
- 10 percent overage: 1 bunch of carnations in a matching color = $18

Total: $286, which leaves more than $100 for candles or a fuller head table. The vases can be reused for the next event or resold afterward.

## Always Buy Extra

Add about 10 percent to every stem count. Some flowers arrive with broken necks, some refuse to open, and some just look wrong once they are in the vase. If you are making more than 10 centerpieces, build one test arrangement a week or two ahead, count exactly what you used, and multiply.

## Where the Money Goes

- **Focal flowers** such as roses, peonies and garden roses are the expensive part. Use fewer of them and turn them to face the guests.
- **Filler and greenery** are cheap volume. One bunch of baby's breath or waxflower stretches across several tables.
- **Containers** add up quickly. Thrift stores and dollar stores are reliable sources of glass, and mismatched bottles look intentional when grouped.
- **Candles** are the cheapest way to make a sparse table look finished. Three votives cost about $1 to $2 in bulk.

## Timing and Labor

Bud vase clusters are fast to make, about 5 minutes per table once the stems are cut to length, and they can be filled the day before. Low compotes take 20 to 30 minutes each. If you have limited helpers, choose the style that fits your labor as well as your budget; the cheapest flowers in the world do not help if nobody has time to arrange them.`,
  },
  {
    title: "Fall and Winter Flower Guide",
    excerpt:
      "From dahlias and mums to amaryllis and evergreens, here is what to buy from September through February and how to make cold-season flowers go further.",
    category: "Seasonal",
    date: "2025-09-09",
    image: "/images/blog/fall-winter-flower-guide.webp",
    content: `Fall and winter are underrated seasons for flowers. Fall brings rich colors and long-lasting stems, and winter offers evergreens, berries and bulb flowers that can stretch a budget further than any summer bouquet. Here is what to buy from September through February, what it costs at wholesale and how long it lasts.

## Early Fall: September and October

- **Dahlias.** Peak season runs until the first hard frost. Expect $2 to $4 a stem and a short vase life of 3 to 5 days, so buy them within a day or two of your event.
- **Chrysanthemums.** Spray mums cost $0.75 to $1.50 a stem and can last 2 to 3 weeks, making them one of the best values of any season. Large disbud mums make a bold focal flower for $2 to $3 a stem.
- **Celosia and amaranthus.** Velvety textures and draping tassels for $1.50 to $3 a stem, with a vase life of 7 to 14 days.
- **Sunflowers** continue into early fall in rust, bronze and burgundy.
- **Hypericum berries, rose hips and ornamental grasses** add texture for about $1 to $2 a stem.
- **Marigolds** are inexpensive and traditional for Day of the Dead displays at the start of November.

## Late Fall: November

- **Ornamental kale and cabbage.** A single stem looks like a giant rose, costs $2 to $3, and lasts up to 2 weeks. Change the water often, because brassicas develop a cabbage smell as the water ages.
- **Wheat, dried grasses and seed pods.** Perfect for Thanksgiving tables, and many can be kept as dried decor afterward.
- **Branches with fall color** from your own yard, such as oak and maple, cost nothing.

For Thanksgiving, a low runner of greenery, a few mums and some small pumpkins down the middle of the table costs under $40 and lasts the whole long weekend.

## Winter: December Through February

- **Amaryllis.** Huge blooms with 2 to 4 flowers per stem for $5 to $10 a stem, and a vase life of 7 to 14 days. The stems are hollow and can split or bend; slide a thin bamboo stake up inside the stem for support and keep the water topped up.
- **Paperwhites.** Fragrant narcissus with the same sap issue as daffodils, so condition them alone for several hours before mixing with other flowers.
- **Evergreens.** Cedar, pine, fir, boxwood and magnolia foliage cost $5 to $15 a bunch and can last 2 to 4 weeks in water. Trimmings from your own yard are free.
- **Berries.** Winterberry and other holly branches are bright and long-lasting. Keep berries away from children and pets, since many are toxic.
- **Anemones and ranunculus** arrive in late winter, along with greenhouse-grown **tulips**.
- **Hellebores** bloom in late winter in milder regions. They are prized by florists but wilt easily unless the flowers are mature, with seed pods starting to form.

## Holidays and Price Spikes

Valentine's Day creates the biggest price jump of the year. Red roses can cost double or more in the first two weeks of February. If you need flowers around February 14, consider:

- Tulips, ranunculus and anemones, which are in season and not tied to the rose spike
- Pink, white or peach roses instead of red
- Waiting until after the holiday, when prices drop quickly

December is busy as well, so order large quantities of greenery early if you are decorating for a party.

## Cold-Season Care

- Never leave flowers in a freezing car. Most cut flowers are damaged by temperatures below 32°F, and tropical flowers suffer below about 50°F.
- Indoor heating dries the air, so keep arrangements away from radiators and vents.
- Evergreens drink heavily in the first few days, so check the water daily.
- After a cold trip home, lukewarm water around 100 to 110°F helps stiff stems hydrate. Bulb flowers are the exception and prefer cool water.

## A Budget Fall Arrangement

- 10 stems of spray mums: $10
- 5 stems of celosia: $10
- 5 stems of hypericum: $8
- Branches from the yard: free

Total: about $28 for an arrangement that can last two weeks.

## A Budget Winter Arrangement

- 1 bunch of cedar: $10
- 3 amaryllis stems: $21
- 3 stems of winterberry: $12

Total: about $43 for a dramatic piece that can carry you from mid-December into the new year.`,
  },
  {
    title: "How to Dry Flowers at Home",
    excerpt:
      "Dried flowers last a year or more for the price of one fresh bunch. Learn which stems dry best and how to air dry, silica dry and press them at home.",
    category: "DIY",
    date: "2025-10-07",
    image: "/images/blog/drying-flowers-at-home.webp",
    content: `A fresh bouquet lasts a week or two. A dried one can last a year or more, which makes drying one of the best budget moves in flower arranging. It is also a way to keep wedding flowers, use up leftover stems after an event, and decorate spots where fresh flowers would struggle, like a sunny shelf or a high mantel.

## Flowers That Dry Well

Some flowers are practically made for drying because their petals are already papery or low in moisture:

- **Strawflower** and **statice** hold their color almost perfectly.
- **Lavender** keeps its scent for months.
- **Globe amaranth (gomphrena)**, **craspedia** and **sea holly (eryngium)** keep their shape and color.
- **Baby's breath**, **eucalyptus**, **wheat**, **bunny tail grass** and **lunaria** are classic dried fillers.
- **Roses** dry well when picked just before fully open. Deep reds turn nearly black, while pinks and whites soften to vintage tones.
- **Hydrangeas** dry best late in the season, when the blooms already feel papery on the plant.

Flowers with thick, fleshy petals, such as lilies, gerberas and tulips, do not air dry well. Press their petals or enjoy them fresh.

## Method 1: Air Drying

Air drying is free and works for most of the flowers above.

1. Strip the leaves, since they shrivel and look messy.
2. Gather 5 to 10 stems into a small bunch. Large bunches trap moisture in the middle and can mold.
3. Secure the bunch with a rubber band, which tightens as the stems shrink; string loosens and lets stems fall.
4. Hang it upside down from a hook, hanger or line in a dark, dry, well-ventilated room. A closet or spare room works; a bathroom or damp basement does not.
5. Wait 1 to 3 weeks. Stems are done when they snap instead of bending and the petals feel crisp.

Darkness matters because sunlight bleaches color fast. Drying in the dark keeps reds, purples and blues much richer.

## Method 2: Upright Drying for Hydrangeas

Stand hydrangea stems in a vase with about 2 inches of water and leave them alone. As the water slowly evaporates over 1 to 2 weeks, the heads dry in place and keep their rounded shape. The same trick works for baby's breath and many grasses.

## Method 3: Silica Gel

Silica gel is a granular drying agent sold at craft stores for roughly $15 to $25 a container. It can be dried out in a low oven and reused many times. It preserves three-dimensional flowers like roses, ranunculus, dahlias and zinnias close to their fresh shape and color.

1. Cut the stems to about 1 inch.
2. Pour 1 to 2 inches of silica gel into an airtight container.
3. Set the flowers face up and gently spoon gel between and over the petals until covered.
4. Seal and wait 2 to 7 days; most roses take around 3 to 5.
5. Pour off the gel slowly and brush away remaining grains with a soft paintbrush.

Wear a dust mask when pouring and keep silica gel away from children and pets. Silica-dried blooms can be attached to wire stems with floral tape for arranging.

## Method 4: Pressing

For flat keepsakes and frames, press single-layer blooms such as pansies, violas, cosmos and ferns between sheets of plain paper inside a heavy book for 2 to 4 weeks. Replace the paper after the first few days if the flowers were moist.

## Arranging and Caring for Dried Flowers

- Use a vase with a narrow neck to keep brittle stems upright. No water, of course.
- Mix textures: one or two bold shapes like craspedia or sea holly, a soft filler like bunny tails, and something arching like wheat or grasses.
- A light mist of unscented hairspray helps reduce shedding.
- Keep arrangements out of direct sun and humidity, and dust them with a hair dryer on the cool setting.
- Expect colors to fade noticeably after 1 to 3 years, sooner in bright rooms.

## Budget Tips

One $10 bunch of statice or lavender dries into a display that lasts a year. After a wedding or party, hang the leftover roses, eucalyptus and baby's breath instead of throwing them out. And rather than replacing a dried arrangement, refresh it by swapping in one new bunch each season.`,
  },
  {
    title: "Flower Food Myths vs Facts",
    excerpt:
      "Aspirin, pennies, vodka, soda and bleach: we sort the home remedies that actually help cut flowers from the ones that do nothing, plus a recipe that works.",
    category: "Tips",
    date: "2025-11-18",
    image: "/images/blog/flower-food-myths.webp",
    content: `Everyone has a family trick for keeping flowers fresh. Some of them work, some do nothing, and a few make things worse. Here is what the science of cut flowers actually says, plus a simple homemade recipe for when you run out of packets.

## What Cut Flowers Actually Need

Commercial flower food contains three types of ingredients, and each one solves a real problem:

1. **Sugar,** to supply the energy a cut flower can no longer make enough of on its own.
2. **An acidifier,** usually citric acid, to lower the pH of the water. Slightly acidic water moves up stems more easily.
3. **A biocide,** to slow the bacteria and fungi that clog stems and cloud the water.

A home remedy has to cover at least some of these to be useful.

## Myth: Aspirin Keeps Flowers Fresh

**Mostly myth.** Aspirin is mildly acidic, so it may lower the pH slightly, but it supplies no sugar and no meaningful bacteria control. It is not a substitute for flower food.

## Myth: A Copper Penny Kills Bacteria

**Myth.** Copper does have antimicrobial properties, but a coin releases far too little into vase water to matter. US pennies made since 1982 are also mostly zinc, with only a thin copper coating.

## Myth: Sugar Alone Feeds Flowers

**Half true, and risky.** Flowers do use sugar, but sugar without a biocide feeds bacteria at least as well as it feeds the flowers. The water turns cloudy fast and vase life can get shorter, not longer.

## Myth: A Shot of Vodka Makes Flowers Last

**Unproven.** Very dilute alcohol is used to keep paperwhite bulbs from growing floppy, and researchers have studied alcohol and flower aging, but the results for cut flowers are mixed and the right dose is tiny. Too much damages stems. Keep the vodka for the party.

## Fact: A Little Bleach Helps

**True.** A small amount of plain, unscented household bleach, about 1/4 teaspoon per quart of water, slows bacteria. More is not better; too much bleach burns stems and can discolor petals.

## Fact: Lemon-Lime Soda Can Work

**Partly true.** Clear lemon-lime soda contains sugar and citric acid. Diluted at 1 part soda to 3 parts water, with about 1/4 teaspoon of bleach per quart, it covers all three needs. Skip diet soda, which has no sugar, and dark cola, which discolors the water and is hard to see through for checking cloudiness.

## Fact: Clean Vases Matter More Than Any Additive

**True.** No additive can keep up with a dirty vase, rotting leaves and water that is never changed. Fresh water every 2 days and clean, recut stems will do more than any kitchen trick.

## Fact: Underdosing Flower Food Can Backfire

**True.** Flower food packets are measured for a specific volume of water, usually 1 pint or 1 quart. Tip a small packet into a 2-gallon bucket and the biocide is diluted so far that it stops working, while the sugar still feeds bacteria. Use one packet per the volume printed on it, or mix your own.

## A Homemade Flower Food Recipe

For each quart of lukewarm water, stir in:

- 1 teaspoon of sugar
- 2 teaspoons of lemon juice, or 1/4 teaspoon of citric acid powder
- 1/4 teaspoon of plain household bleach

Stir until dissolved. Use it when you first condition flowers and each time you change the water. A quart costs just a few cents to make, compared with 25 to 50 cents for a single commercial packet bought separately.

## Other Common Questions

- **Should I add ice cubes?** Only for bulb flowers like tulips that prefer cool water. Most flowers drink better in lukewarm water around 100 to 110°F.
- **Does hairspray help?** It can reduce shedding on dried flowers, but it does nothing useful for fresh ones and can spot delicate petals.
- **Should flowers go in the fridge overnight?** A cool night helps, but only in a refrigerator with no fruit inside. Ripening fruit gives off ethylene gas, which speeds up wilting and petal drop.

## The Bottom Line

Use the packet that came with your flowers, at the correct dose. When you run out, mix the homemade version. And change the water every two days, because that single habit beats every myth on this list.`,
  },
  {
    title: "DIY Wedding Flowers Timeline: Six Months Out to the Big Day",
    excerpt:
      "When to set your budget, order stems, do a practice run and start arranging: a step-by-step timeline for couples doing their own wedding flowers.",
    category: "Wedding",
    date: "2026-01-20",
    image: "/images/blog/diy-wedding-flowers-timeline.webp",
    content: `DIY wedding flowers save money, but only when they are planned. Most DIY disasters come down to timing: flowers bought too early or too late, or arranged at midnight by one exhausted person. Use this timeline, which assumes a Saturday wedding, and shift it to fit your date.

## 6 to 9 Months Before

- **Set a flower budget.** List every piece you need: bridal bouquet, bridesmaid bouquets, boutonnieres, ceremony arrangements, centerpieces and cake flowers. Give each a dollar figure.
- **Pick a palette, not a flower.** "Blush, white and sage" gives you flexibility. "Only peonies" locks you into a short season and high prices.
- **Check what is in season** for your date. Peonies in late spring, dahlias from late summer into fall, and ranunculus in winter and spring are all more affordable at their peak.
- **Recruit helpers.** For a wedding of about 100 guests, plan on at least two helpers besides yourself. The couple should not be arranging flowers on the wedding day.

## 3 Months Before

- **Choose your supplier.** Call wholesalers in our directory about public hours, pre-orders and deposits. Many will take a pre-order with a deposit and hold stems for you.
- **Buy containers and mechanics.** Vases, compotes, chicken wire, floral tape, ribbon, boutonniere pins and plenty of buckets.
- **Do the stem math.** Count stems for each piece and add 10 percent for breakage and surprises.

## 6 to 8 Weeks Before

- **Do a practice run.** Buy flowers for one bouquet and one centerpiece. Time each piece, photograph the results and count the stems you actually used. A first bridal bouquet often takes an hour; by the tenth centerpiece you will be down to 15 or 20 minutes.
- **Confirm the order.** Give your supplier exact varieties, colors, quantities and a pickup time.

## 2 Weeks Before

- Confirm a workspace: a garage, basement or cool room with a big table, running water and space for 10 or more buckets.
- Scrub every bucket and vase.
- Make a checklist of every finished piece, where it goes and who is delivering it.

## Wednesday: Pick Up the Flowers

Picking up three days before a Saturday wedding gives most flowers time to hydrate and open. Some need more or less time:

- **Lilies:** 4 to 5 days to open from tight buds, so buy them earlier or choose stems with a few blooms already showing color.
- **Roses:** 2 to 3 days to open to a good size.
- **Peonies:** 1 to 3 days from soft bud to open, depending on room temperature.
- **Hydrangeas, lisianthus and spray roses:** fine to buy 2 to 3 days out.

Condition everything the same day: strip the lower leaves, recut the stems and place them in clean buckets of lukewarm water with flower food.

## Thursday: Rest and Prep

Let the flowers drink. Sort them by finished piece, cut ribbon, shape chicken wire into the compotes and set out the vases. If roses are opening too slowly, move them to a warmer room. If peonies are racing open, move them somewhere cooler.

## Friday: Arrange

- Make centerpieces and ceremony pieces first; they are large and hold well overnight.
- Make bouquets in the afternoon and stand them in vases of water.
- Make boutonnieres and corsages last, mist them lightly and store them in a closed container somewhere cool.
- Keep finished pieces as cold as you can, ideally 35 to 45°F in a walk-in cooler or a spare refrigerator with no fruit inside. Otherwise, use the coolest, darkest room available.

## Saturday: Deliver

- Top up the water in every piece first thing.
- Pat bouquet stems dry and wrap the handles in a small towel for transport.
- Have a helper deliver and set up, so the couple can get ready in peace.

## Budget Tips Along the Way

- Move ceremony arrangements to the reception. They do double duty for no extra cost.
- Bridesmaid bouquets can sit in jars on the head table during dinner as extra centerpieces.
- Turn leftover stems into bud vases for the bar, restrooms and guest book table.
- Ask your supplier whether any stems are available as seconds; shorter roses are perfect for low centerpieces and cost less.`,
  },
  {
    title: "Spring and Summer Flower Guide",
    excerpt:
      "What is in season from March through August, what it costs wholesale, how long each flower lasts in a vase and how to plan around the peak months.",
    category: "Seasonal",
    date: "2026-02-24",
    image: "/images/blog/spring-summer-flower-guide.webp",
    content: `Buying in season is the single easiest way to spend less on flowers. Seasonal stems are often grown closer to home, travel shorter distances and cost less because supply is high. Here is what to look for from spring through summer across most of the US, with typical wholesale prices and vase life. Timing shifts by a few weeks between the South, which blooms earlier, and northern and mountain states.

## Early Spring: March and April

- **Tulips.** About $0.80 to $1.50 a stem, in bunches of 10. Vase life 5 to 7 days. Give them cool water; they keep growing and bending toward light in the vase.
- **Daffodils.** Among the cheapest flowers of the year, often under $1 a stem. Condition them alone for 6 to 12 hours, because their sap harms other flowers.
- **Ranunculus.** $1.50 to $3 a stem, with a vase life of 7 to 10 days. The layered blooms look like small garden roses at a fraction of the price.
- **Anemones.** $1.50 to $3 a stem, with dark centers that look striking against white petals. Vase life 5 to 8 days.
- **Flowering branches** such as quince, forsythia and cherry. A bunch of 5 to 10 branches fills a tall vase for $10 to $20 and can last 1 to 2 weeks.
- **Hyacinths and muscari** add scent and deep blue tones for small arrangements.

## Late Spring: May and June

- **Peonies.** The star of the season at $3 to $6 a stem at peak, more early and late. Vase life 5 to 7 days. Buy them at the soft, marshmallow-like bud stage.
- **Lilac.** About $3 to $6 a stem, with a short vase life of 3 to 5 days. Recut the woody stems at a sharp angle and give them plenty of water.
- **Sweet peas.** Intensely fragrant, $1 to $2 a stem, vase life 3 to 5 days. They are very sensitive to ethylene, so keep them far from fruit.
- **Garden roses** begin their local season, and **snapdragons**, **stock** and **foxglove** add height for $1 to $2.50 a stem.

Mother's Day weekend in May is the peak demand week of spring, so order early or shop the following week.

## Summer: July and August

- **Sunflowers.** $1 to $2 a stem, vase life 6 to 10 days. One bunch of 10 fills a big pitcher.
- **Zinnias.** $0.75 to $1.50 a stem, vase life 7 to 10 days, in nearly every color except true blue.
- **Dahlias.** They start in midsummer and peak from August until the first frost. $2 to $4 a stem, but vase life is only 3 to 5 days, so buy them close to your event.
- **Hydrangeas.** Imported hydrangeas are sold all year, but local summer hydrangeas are often cheaper and come in blues, purples and antique greens.
- **Cosmos, celosia, lisianthus, gladiolus and statice** round out the summer options.

## Year-Round Backups

Some flowers come from greenhouses or from farms in Colombia and Ecuador and are steady in price all year: roses, carnations, alstroemeria, chrysanthemums, spray roses and lisianthus. Use them as the base of an arrangement and add a few seasonal stems as accents.

## Warm-Weather Care

Heat shortens vase life. In spring and summer:

- Arrange in the cool of the morning or evening, not the middle of the day.
- Keep arrangements out of direct sun and away from windows.
- Change the water every day or two, because bacteria multiply faster in warm water.
- Move flowers to the coolest room in the house overnight.
- Never leave flowers in a parked car; the inside can pass 120°F within an hour on a sunny day.

## A Budget Spring Bouquet

- 10 tulips: $12
- 5 ranunculus: $12
- 1 bunch of flowering branches: $12

Total: about $36 for a tall seasonal arrangement that could easily cost $85 at a florist.

## A Budget Summer Bouquet

- 10 sunflowers: $15
- 10 zinnias: $10
- 1 bunch of eucalyptus or local greenery: $10

Total: about $35 for a big, cheerful pitcher arrangement that lasts about a week.`,
  },
  {
    title: "How to Make a Hand-Tied Bridal Bouquet",
    excerpt:
      "Learn the florist spiral technique for a hand-tied bridal bouquet, with stem counts, sizes, a budget recipe and tips to keep it fresh all day.",
    category: "Wedding",
    date: "2026-03-17",
    image: "/images/blog/hand-tied-bridal-bouquet.webp",
    content: `A hand-tied bouquet is the classic wedding style: flowers gathered in the hand, bound at a single point, with the stems left natural and wrapped in ribbon. It needs no foam and no special holder, only some practice with one technique, the spiral.

## Sizes and Stem Counts

- **Bridal bouquet:** 10 to 14 inches across, roughly 30 to 50 stems including greenery.
- **Bridesmaid bouquet:** 7 to 10 inches across, 15 to 25 stems.
- **Toss bouquet:** 6 to 8 inches across, 10 to 15 stems.

A budget bridal recipe in blush and white might use 10 roses, 5 stems of spray roses, 5 stems of lisianthus, 3 stems of astilbe or veronica and 8 stems of eucalyptus and ruscus. At wholesale prices that comes to about $50 to $70, compared with the $150 to $350 a florist typically charges.

## Prepare the Stems

Condition the flowers the day before so they are fully hydrated. Then:

1. Strip all leaves and thorns from the lower two-thirds of every stem. Anything below the binding point must be bare, or the stems will not spiral cleanly and the handle will be lumpy.
2. Sort the stems into groups by type on the table in front of you.
3. Cut a length of stem wrap or waterproof floral tape, and have ribbon and pins ready.

## The Spiral Technique

The spiral gives the bouquet its domed shape and a neat, tapering handle that can even stand on its own.

1. **Hold one focal flower** loosely between the thumb and fingers of your non-dominant hand, at the binding point, about 7 to 9 inches below the flower head.
2. **Add the next stem at an angle,** with the head leaning left and the stem end pointing right, or the reverse if you are left-handed. Every stem goes in at the same diagonal.
3. **Turn the bouquet** a quarter turn in your hand after every two or three stems, always in the same direction.
4. **Keep adding stems at the same angle,** alternating flower types and greenery so small clusters form naturally.
5. **Check the shape often** in a mirror. Slide stems up or down to create a gentle dome.
6. **Never cross a stem in front of the others.** Always add in the same diagonal direction, or the spiral breaks and the stems tangle.

If a stem goes in wrong, pull it out from the top and try again. It is normal for a first bouquet to take an hour.

## Tie It Off

1. Wrap stem tape tightly around the binding point several times, stretching it as you go so it grips.
2. Trim the stems evenly to a handle length of about 6 to 8 inches. An even cut lets the bouquet stand upright on its stems.
3. Wrap ribbon from just below the flowers down the handle and back up. Secure it with pearl-headed pins pushed into the stems at an upward angle, so the points stay buried inside the bundle.

For a looser, garden look, tie ribbon only around the binding point and leave the stems bare below.

## Keep It Fresh

- Stand the bouquet in 2 to 3 inches of cool water until the ceremony. If the ribbon is already on, keep the water below it or add the ribbon at the last moment.
- Store it somewhere cool and out of the sun. A hot car is the enemy.
- Pat the stems dry and wrap the handle in a small towel before handing it over.
- For hot outdoor weddings, favor sturdy flowers. Roses, spray roses, lisianthus, carnations and cymbidium orchids hold up for hours out of water, while hydrangeas, sweet peas and gardenias wilt quickly in heat.

## Boutonnieres From the Leftovers

Use one spray rose head or a small rose with a sprig of eucalyptus and waxflower. Wrap the stems together with floral tape for about 2 inches, trim, and finish with a little ribbon. Make them the day before and keep them in a closed container in the refrigerator, well away from fruit.

## Practice Plan

Buy one bunch of inexpensive carnations and one bunch of greenery, about $25 in total, and practice the spiral three or four times. Once your hands understand the motion, the real bouquet comes together quickly, and the practice flowers make a lovely arrangement for your kitchen table.`,
  },
  {
    title: "Peony and Ranunculus Care: Buying, Opening and Storing",
    excerpt:
      "How to buy, open, store and arrange peonies and ranunculus, two of the most loved and most delicate flowers, so you get every possible day of bloom.",
    category: "Tips",
    date: "2026-04-28",
    image: "/images/blog/peony-ranunculus-care.webp",
    content: `Peonies and ranunculus are two of the most requested flowers for weddings and spring arrangements, and two of the easiest to waste if you do not know their quirks. Peonies can go from tight bud to dropped petals in under a week, and ranunculus stems are soft and easily crushed. Treat them right and both can give you a full week or more.

## Peonies

### When to Buy

Local US peony season runs roughly from late April in the South to June in the North, with Alaska-grown peonies arriving in July and August. Outside those months, imported peonies are available at higher prices. At peak season expect $3 to $6 a stem at wholesale, often in bunches of 5 or 10.

### The Marshmallow Test

Buy peonies at the soft-bud stage. Squeeze a bud gently: it should feel like a marshmallow, soft and slightly springy, with some color showing at the top. Hard, green, pea-sized buds may never open. Fully open flowers look beautiful for a day or two and then drop their petals.

### Conditioning Peonies

1. Remove all but one or two leaves per stem. Peony foliage is heavy and pulls water away from the bloom.
2. Recut 1 to 2 inches off each stem at an angle.
3. Place the stems in lukewarm water with flower food.
4. Rinse sticky buds gently if they carry ants. Ants are drawn to the sugary nectar on the buds; despite the popular myth, they do not help the flowers open.

### Controlling the Timing

- **To open peonies faster:** put them in warm water in a warm, bright room. Most open within 1 to 3 days.
- **To slow them down:** keep them in the coolest room you have. You can also store tight buds dry, wrapped in newspaper, lying flat in a refrigerator at about 33 to 35°F for a week or longer. Recut and place them in warm water when you want them to open.
- **If a bud is stuck:** gently rub the sticky coating off the outer petals with your fingers, then stand the stem in warm water.

Once open, peonies typically last 5 to 7 days.

## Ranunculus

### When to Buy

Ranunculus are a cool-season crop. Farms in California and other mild-climate regions produce them from roughly January through May, and imports from Italy, the Netherlands and elsewhere fill in around that. Wholesale prices run about $1.50 to $3 a stem, usually in bunches of 10. Extra-large varieties and unusual colors cost more.

### What to Look For

- Buds showing color and just starting to soften, roughly the size of a large marble to a walnut
- Firm, upright stems with no soft or brown spots
- Green, not yellow, foliage

Ranunculus open slowly over several days in the vase, so a bud at purchase will last far longer than a fully open bloom.

### Conditioning Ranunculus

1. Handle the stems low down; they are hollow and bend or bruise easily.
2. Strip the lower leaves and recut 1 inch at an angle.
3. Stand them in cool water about 3 to 4 inches deep. Many florists keep ranunculus in shallow water because long-submerged stems tend to turn soft.
4. Add flower food, check the level daily because they drink a lot, and change the water every 2 days.

With good care, ranunculus last 7 to 10 days and sometimes longer.

## Arranging Both

- Peonies are top-heavy once open. Use chicken wire or a tape grid so they do not flop.
- Ranunculus have curving stems that look beautiful in loose, garden-style designs. Let them bend rather than forcing them upright.
- Pair both with sturdier flowers such as spray roses, lisianthus and stock, which hold up well alongside them.

## Budget Tips

- Mix 3 peonies with 7 spray roses instead of using 10 peonies. The look is nearly as lush for about 40 percent less.
- Ranunculus give you the layered look of a garden rose at a fraction of the price.
- Buy peonies mid-season, when supply is highest, and avoid the first and last weeks, when prices climb.
- For events, order peonies 3 to 4 days ahead and manage their opening with temperature instead of buying extras as insurance.`,
  },
];
