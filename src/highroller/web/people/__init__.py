"""The people who play: profiles (a display name and languages, no e-mail, no password), their devices
(`devices`, `agents`) and signing a second one in (`signin`, `passkeys`, for the site's `origin`), and
telling them on their phones that it is their move (`push_subscriptions`, `push_sending`, `outbox`,
`notifier`)."""
