import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("states", "routes/public/states.tsx"),
    route("all-states", "routes/public/all-states.tsx"),
    route("state/:stateId", "routes/public/state.tsx"),
    route("blog", "routes/public/blog.tsx"),
    route("blog/:postId", "routes/public/blog-post.tsx"),
    route("about", "routes/public/about.tsx"),
    route("list-your-business", "routes/public/list-your-business.tsx"),
    route("festivals", "routes/public/festivals.tsx"),
    route("festivals/:id", "routes/public/festival.tsx"),
    route("grocery/:slug", "routes/public/grocery-store.tsx"),
    route("privacy", "routes/public/privacy.tsx"),
    route("terms", "routes/public/terms.tsx"),
    route("sitemap", "routes/public/sitemap.tsx"),
    route("search", "routes/public/search.tsx"),
    // The suppliers saved on this device (decision 046).
    route("saved", "routes/public/saved.tsx"),
    route("near", "routes/public/near.tsx"),
    // "Report a problem" on a listing: the form's page, and where the dialog of each wholesaler card posts.
    route("wholesalers/:id/report", "routes/public/report-problem.tsx"),
    // "Is this your business? Claim it" (decision 045).
    route("wholesalers/:id/claim", "routes/public/claim.tsx"),
    route("wholesalers/:id/:slug?", "routes/public/wholesaler.tsx"),
    route("newsletter", "routes/public/newsletter.tsx"),
    route("newsletter/confirm", "routes/public/newsletter-confirm.tsx"),
    route("newsletter/unsubscribe", "routes/public/unsubscribe.tsx"),
    route("newsletter/:issueId", "routes/public/newsletter-issue.tsx"),
    // "Tell me when a supplier is listed near me" (decision 044): the form's answer, its confirmation and its end.
    route("notify-me", "routes/public/notify-me.tsx"),
    route("notify-me/confirm", "routes/public/notify-me-confirm.tsx"),
    route("notify-me/unsubscribe", "routes/public/notify-me-unsubscribe.tsx"),
    // The owners' pages (decision 045): their own session cookie, never cached.
    ...prefix("owner", [
      index("routes/owner/home.tsx"),
      route("sign-in", "routes/owner/sign-in.tsx"),
      route("link", "routes/owner/link.tsx"),
      route("sign-out", "routes/owner/sign-out.ts"),
      route("still-right", "routes/owner/still-right.tsx"),
      route("listings/:id", "routes/owner/listing.tsx"),
      route("listings/:id/photo", "routes/owner/photo.ts"),
    ]),
    route("*", "routes/public/not-found.tsx"),
  ]),

  route("sitemap.xml", "routes/seo/sitemap-xml.ts"),
  route("robots.txt", "routes/seo/robots-txt.ts"),
  route("rss.xml", "routes/seo/rss-xml.ts"),
  route("maps/area.svg", "routes/public/map-area.ts"),
  route("maps/state/:file", "routes/public/map-state.ts"),

  ...prefix("admin", [
    route("login", "routes/admin/login.tsx"),
    // The code after the right password of an admin with a second factor (decision 048): no session yet, so outside the layout.
    route("login/code", "routes/admin/login-code.tsx"),
    // "Forgot password": asked for and used without a session, outside the layout's guard like the sign-in page.
    route("forgot-password", "routes/admin/forgot-password.tsx"),
    route("reset-password", "routes/admin/reset-password.tsx"),
    route("logout", "routes/admin/logout.ts"),
    // Every signed-in admin page, the CSV export and unknown admin paths: the layout's middleware guards them all.
    layout("routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("wholesalers", "routes/admin/wholesalers.tsx"),
      route("wholesalers/new", "routes/admin/wholesalers.tsx", { id: "admin-wholesalers-new" }),
      route("wholesalers.csv", "routes/admin/wholesalers-csv.ts"),
      route("festivals", "routes/admin/festivals.tsx"),
      route("festivals/new", "routes/admin/festivals.tsx", { id: "admin-festivals-new" }),
      route("blog", "routes/admin/blog.tsx"),
      route("blog/new", "routes/admin/blog.tsx", { id: "admin-blog-new" }),
      route("states", "routes/admin/states.tsx"),
      route("grocery-stores", "routes/admin/grocery-stores.tsx"),
      route("subscribers", "routes/admin/subscribers.tsx"),
      route("newsletter", "routes/admin/newsletter.tsx"),
      route("newsletter/new", "routes/admin/newsletter.tsx", { id: "admin-newsletter-new" }),
      route("subscribers.csv", "routes/admin/subscribers-csv.ts"),
      route("mail", "routes/admin/mail.tsx"),
      route("mail/:id", "routes/admin/mail-message.tsx"),
      // A message's HTML part and an issue's email, each a document of its own for a sandboxed frame (server/security.ts).
      route("mail/:id/html", "routes/admin/mail-message-html.ts"),
      route("newsletter/:issueId/email", "routes/admin/newsletter-email.ts"),
      route("suggestions", "routes/admin/suggestions.tsx"),
      route("submissions", "routes/admin/submissions.tsx"),
      route("reports", "routes/admin/reports.tsx"),
      route("demand", "routes/admin/demand.tsx"),
      route("claims", "routes/admin/claims.tsx"),
      route("settings", "routes/admin/settings.tsx"),
      // The signed-in admin's own account: two-step sign-in (decision 048).
      route("account", "routes/admin/account.tsx"),
      route("image-manager", "routes/admin/image-manager.tsx"),
      route("*", "routes/admin/not-found.tsx"),
    ]),
    // POST-only resource routes: their own middleware checks the session of a POST; a GET gets its 405.
    route("tools/backup", "routes/admin/tools/backup.ts"),
    route("tools/import", "routes/admin/tools/import.ts"),
    route("tools/clear-cache", "routes/admin/tools/clear-cache.ts"),
    route("tools/optimise-images", "routes/admin/tools/optimise-images.ts"),
    // The background jobs' progress, polled by the Tools screen: GET only, 401 JSON without a session.
    route("tools/jobs", "routes/admin/tools/jobs.ts"),
    // A newsletter send's progress, polled by the Newsletter screen: GET only, 401 JSON without a session.
    route("newsletter/:issueId/progress", "routes/admin/newsletter-progress.ts"),
  ]),

  ...prefix("api", [
    route("states", "routes/api/states.ts"),
    route("states/:stateId", "routes/api/state.ts"),
    route("wholesalers/state/:stateId", "routes/api/wholesalers-by-state.ts"),
    route("wholesalers/zipcode/:zipcode", "routes/api/wholesalers-by-zipcode.ts"),
    route("wholesalers/zipcode/:zipcode/nearest", "routes/api/wholesalers-nearest.ts"),
    route("wholesalers/near", "routes/api/wholesalers-near.ts"),
    route("zipcodes/nearest", "routes/api/zipcodes-nearest.ts"),
    route("grocery-stores", "routes/api/grocery-stores.ts"),
    route("blog-posts", "routes/api/blog-posts.ts"),
    route("blog-posts/:id", "routes/api/blog-post.ts"),
    route("flower-festivals", "routes/api/festivals.ts"),
    route("flower-festivals/upcoming", "routes/api/festivals-upcoming.ts"),
    route("flower-festivals/:id", "routes/api/festival.ts"),
    route("newsletter/subscribe", "routes/api/newsletter-subscribe.ts"),
    route("upload/wholesaler/:id", "routes/api/upload-wholesaler.ts"),
    route("upload/festival/:id", "routes/api/upload-festival.ts"),
    route("upload/blog/:id", "routes/api/upload-blog.ts"),
    route("*", "routes/api/not-found.ts"),
  ]),
] satisfies RouteConfig;
