-- Devices subscribed before check-ins were a kind of notification hear of them too, as new ones do.
UPDATE "push_subscriptions" SET "kinds" = array_append("kinds", 'checkIns') WHERE NOT ('checkIns' = ANY("kinds"));
