// The route concern's texts (ids "route.…"; machine texts "machines.<machine>.<key>").
// Sentences built from core/routing's data (the change lines, windows not met, the rule, skipped events) mirror
// core's English word for word, so the Route view reads the same as the CLI and the assistant in English.
export const routeEn = {
  // The view's frame
  'route.title': 'Route for {day}',
  'route.backToCalendar': 'Back to calendar',
  'route.planning': 'Planning the route...',
  'route.tryAgain': 'Try again',
  'route.askDrivesAgain': 'Ask for road drive times again',
  'route.planError': 'This day could not be planned: {error}',
  'route.noVisits': 'No visits with a location on this day: there is no route to plan.',
  'route.readonly': 'This plan is a suggestion: your calendar changes only when you choose “{useOrder}”.',

  // The summary
  'route.calendarMissesWindow': "Your calendar order misses a patient's time window; this one does not.",
  'route.totals.drivingOptimised': 'Driving, optimised',
  'route.totals.drivingLeastLate': 'Driving, least-late order',
  'route.totals.drivingCalendar': 'Driving, calendar order',
  'route.totals.milesOptimised': 'Miles, optimised',
  'route.totals.milesLeastLate': 'Miles, least-late order',
  'route.totals.milesCalendar': 'Miles, calendar order',
  'route.totals.backHome': 'Back home',
  'route.totals.lastVisitEnds': 'Last visit ends',
  'route.approximateAddresses':
    '{count, plural, one {One address is} other {# addresses are}} located only approximately (the centre of its ZIP code).',
  'route.minutes': '{minutes} min',
  'route.miles': '{miles} mi',

  // The saving line
  'route.saving.oneVisit': 'Only one visit on this day: there is nothing to reorder.',
  'route.saving.noneFeasibleSame':
    'No order meets every patient window, so there is no saving: your calendar order is the least late ({late} late in all).',
  'route.saving.noneFeasible':
    'No order meets every patient window, so there is no saving: below is the least-late order found ({late} late in all; your calendar order: {calendarLate}).',
  'route.saving.saves': 'Saves {minutes} min of driving ({percent} %) against your calendar order.',
  'route.saving.savesWithMiles':
    'Saves {minutes} min and {miles, plural, =1 {{milesText} mile} other {{milesText} miles}} of driving ({percent} %) against your calendar order.',
  'route.saving.drivesMore': 'Drives {minutes} min more than your calendar order.',
  'route.saving.drivesMoreForWindows':
    "Drives {minutes} min more than your calendar order, because your calendar order misses a patient's time window; this order keeps the windows.",
  'route.saving.alreadyShortest': 'Your calendar order is already the shortest.',
  'route.saving.lessThanMinute': 'Saves less than a minute of driving against your calendar order.',

  // Where the drive times come from, and whether the order is proven
  'route.drives.approximate':
    'Drive times and miles are approximate (straight-line distance × a road factor ÷ city speed, plus parking).',
  'route.drives.road': 'Drive times and miles are road drive times.',
  'route.drives.roadWithTraffic': 'Drive times and miles are road drive times, with traffic for leaving around {time}.',
  'route.drives.estimatedLegs':
    '{legs, plural, one {One leg is} other {# legs are}} a straight-line estimate (approximate).',
  'route.drives.milesApproximate': 'Miles are approximate (straight-line distance × a road factor).',
  'route.proven.noneFeasible': 'Proven: no order of these visits meets every window.',
  'route.proven.noneFound': 'No order meeting every window was found in the time allowed.',
  'route.proven.shortest': 'Proven the shortest order for these visits.',
  'route.proven.bestFound': 'The best order found in the time allowed; not proven the shortest.',
  'route.legs.homeBoth': 'Driving counted from home, between visits and back home.',
  'route.legs.startOnly': 'Driving counted from home and between visits; the end of the day is anywhere.',
  'route.legs.endOnly': 'Driving counted between visits and to the end of the day; the start is anywhere.',
  'route.legs.none':
    'Driving between visits only: the drive from and back home is not counted (the home is not known).',

  // The two orders
  'route.orders.optimised': 'Optimised order',
  'route.orders.leastLateHeading': 'Least-late order (no order meets every window)',
  'route.orders.leastLate': 'Least-late order',
  'route.orders.calendar': 'Calendar order',
  'route.stop.firstVisit': 'First visit',
  'route.stop.driveFromHome': 'Drive {minutes} from home',
  'route.stop.driveFromPrevious': 'Drive {minutes} from the previous visit',
  'route.stop.drive': 'Drive {minutes}',
  'route.stop.missesWindowBy': 'misses the window by {late}',
  'route.stop.arrive': 'Arrive {time}',
  'route.stop.start': 'Start {time}',
  'route.stop.leave': 'Leave {time}',
  'route.stop.wait': 'Wait {minutes}',
  'route.stop.booked': 'Booked {time}',
  'route.stop.lateBy': "Late by {late} for the patient's window",
  'route.stop.timeIsFixed': 'Time is fixed',

  // The lines under the map
  'route.map.heading': 'Map',
  'route.whyThisOrder': 'Why this order',
  'route.windowsNotMet': 'Windows that cannot be met',
  'route.notPlanned': 'Not planned',
  'route.skipped': '{title}: {reason}',

  // The change lines (core/routing/compare.ts)
  'route.change.line': 'Moved {name} {where}: {effect}',
  'route.change.lineWithWindow': 'Moved {name} {where}: {effect}; {window}',
  'route.change.toEnd': 'to the end of the day',
  'route.change.before': 'before {name}',
  'route.change.leastLate': 'part of the least-late order (no order keeps every window, so no saving is claimed)',
  'route.change.same': 'same driving',
  'route.change.saves': 'saves {minutes} min of driving',
  'route.change.adds': 'adds {minutes} min of driving (needed for the rest of the new order)',
  'route.change.windowMissed': 'window {from}–{to} missed by {minutes} min',
  'route.change.windowMet': 'window {from}–{to} still met (starts {start})',

  // Windows that cannot be met (core/routing/evaluate.ts, explain.ts)
  'route.problem.arrivesLate': '{name}: arrives {arrival}, {minutes} min after the latest start {latest}',
  'route.problem.lateEvenFirst':
    '{name}: even as the first visit the earliest arrival is {arrival}, {minutes} min after the latest start {latest}',
  'route.problem.notInHoursAlone':
    '{name}: does not fit in working hours even alone (back at {finish}, {minutes} min after {end})',
  'route.problem.noRouteFromStart': '{name}: no route from the start location in the travel-time matrix',
  'route.problem.noRouteToEnd': '{name}: no route to the end location in the travel-time matrix',
  'route.problem.backLate': 'back at {finish}, {minutes} min after working hours end ({end})',

  // Why an event is not planned (core/routing/calendar-day.ts, core/visits/recognise)
  'route.skip.notAVisit': 'not a visit: {why}',
  'route.skip.markedNotPatient': 'not a visit: you marked this name as not a patient',
  'route.skip.noPatient': 'no patient',
  'route.skip.notInPerson': '“{word}”: not a visit in person at this time',
  'route.skip.marksNotVisit': '“{word}” marks it as not a visit',
  'route.skip.personNoVisit': 'it names a person but no visit and no home address',
  'route.skip.noPatientNoVisit': 'it names no patient and no visit',
  'route.skip.allDay': 'an all-day event is not a visit at a time',
  'route.skip.noAddress': 'no address on the event',
  'route.skip.notLocatedHere': 'its address has not been located (no geocoder here)',
  'route.skip.notFound': 'its address could not be found on the map',
  'route.skip.notLocatedNow': 'its address could not be located just now',
  'route.skip.endsBeforeStart': 'ends before it starts',

  // The schematic map
  'route.map.title': 'Schematic map of the route for {day}',
  'route.map.points':
    '{count, plural, other {# numbered points}} in the optimised visiting order: {list}. A solid line joins them in that order.',
  'route.map.sameOrder': 'The calendar order is the same.',
  'route.map.calendarOrder':
    'Small hollow numbers beside them give the calendar order: {list}; a dashed line joins them in that order.',
  'route.map.scale': 'North is up; the visits are about {km} km apart at most. Straight lines, not roads.',
  'route.map.legendOptimised': 'Optimised order',
  'route.map.legendCalendar': 'Calendar order (small hollow numbers) · Schematic: straight lines, north up',

  // "Use this order"
  'route.order.use': 'Use this order',
  'route.order.allow': 'Allow calendar changes',
  'route.order.callNow': 'Call them now',
  'route.order.undo': 'Undo',
  'route.order.note':
    '{count, plural, one {Moves 1 visit} other {Moves # visits}} on your Google Calendar to the times above; you can undo it.',
  'route.order.applied':
    '{count, plural, =0 {Your calendar already has this order.} one {Moved 1 visit to the new order. Patients whose time changed hear the new time in the evening confirmation call.} other {Moved # visits to the new order. Patients whose time changed hear the new time in the evening confirmation call.}}',
  'route.order.called':
    '{count, plural, one {Calling 1 patient now about their new time.} other {Calling # patients now about their new time.}}',
  'route.order.nobodyCalled': 'Nobody was called now.',
  'route.order.notCalled':
    '{count, plural, one {Not called: 1 patient ({reasons}).} other {Not called: # patients ({reasons}).}}',
  // The server's refusals by code (shown in English as the server wrote them)
  'route.order.failure.unauthorized': 'Your session has ended: sign in again, then try once more. Nothing was moved.',
  'route.order.failure.reauth_required': 'Google Calendar access is not available. Please sign in again.',
  'route.order.failure.write_access_required':
    'HomeRounds may not change your calendar yet: allow calendar changes, then try again.',
  'route.order.failure.changed':
    'Your calendar changed since this plan was made, so nothing was moved. The plan is made again from the calendar as it is now.',
  'route.order.failure.fixed': 'A visit whose time is fixed cannot be moved, so nothing was moved.',
  'route.order.failure.calendar_unavailable':
    'Google Calendar did not take the change, so nothing was moved. Try again.',
  'route.order.failure.partially_applied':
    'Google Calendar failed while moving your visits and some could not be put back: check these visits in your calendar.',
  'route.order.callFailure.unauthorized': 'Your session has ended: sign in again. Nobody was called.',
  'machines.dayOrder.applying': 'Moving your visits…',
  'machines.dayOrder.undoing': 'Putting your visits back…',
  'machines.dayOrder.undone': 'Your visits are back at their booked times.',
  'machines.dayOrder.network': 'HomeRounds could not reach its server, so nothing was moved. Try again.',
  'machines.dayOrder.noAnswer':
    'No answer from the server in 30 seconds: your visits may or may not have moved. The calendar is reloaded; check it before trying again.',
  'machines.dayOrder.undoFailed': 'Undo did not go through:',
  'machines.dayOrder.calling': 'Calling the patients whose time moved…',
  'machines.dayOrder.callFailed':
    'The calls could not be placed just now: the patients hear the new time in the evening confirmation call.',
  'machines.dayOrder.callNoAnswer':
    'No answer from the server in 30 seconds: some patients may have been called. The others hear the new time in the evening confirmation call.',

  // The clinician's rule for moving visits (core/routing/move-rule.ts ruleText)
  'route.rule.pastDay': 'A past day: every visit keeps its booked time.',
  'route.rule.todayFixed':
    "Today's visits keep their booked times (your rule); only the drives between them are compared.",
  'route.rule.keepTimes': 'Visits keep their booked times (your rule); only the drives between them are compared.',
  'route.rule.anywhere':
    'Visits may move anywhere inside the patient\'s preferred window; visits marked "time is fixed" keep theirs.',
  'route.rule.within':
    'Visits may move {minutes, plural, other {up to # minutes}} from their booked times, inside the patient\'s preferred window; visits marked "time is fixed" keep theirs.',
  'route.rule.choiceAnywhere': "anywhere inside the patient's window",
  'route.rule.choiceNone': 'not at all (keep their booked times)',
  'route.rule.choiceUpTo': '{minutes, plural, other {up to # minutes}}',
  'route.rule.form': 'Your rule for moving visits',
  'route.rule.todayKeeps': "Today's visits keep their booked times",
  'route.rule.laterMayMove': 'Later visits may move',
  'route.rule.save': 'Save rule',
  'route.rule.cancel': 'Cancel',
  'route.rule.saving': 'Saving your rule…',
  'route.rule.change': 'Change rule',
  'machines.moveRule.readFailed':
    'Your rule for moving visits could not be read just now: this plan follows the default rule.',
  'machines.moveRule.saveFailed': 'Your new rule was not saved: the plan still follows the rule shown. Try again.',
  'machines.moveRule.pinFailed':
    'That visit’s “time is fixed” switch was not saved: the plan still follows the switches shown. Try again.',

  // Where the day starts and ends
  'route.home.title': 'Start and end of your day',
  'route.home.savedAt': 'Your day starts and ends at {place}: the drives from and back home are counted.',
  'route.home.savedPlace': 'the location you saved',
  'route.home.current':
    'Your day starts and ends at your current location (not saved): the drives from and back home are counted.',
  'route.home.unreadable':
    'Where your day starts could not be read just now, so the drives from and back home are not counted.',
  'route.home.unknown': 'Where your day starts is not known, so the drives from and back home are not counted.',
  'route.home.tryAgain': 'Try again',
  'route.home.useCurrentInstead': 'Use my current location instead',
  'route.home.useCurrentAsStart': 'Use my current location as the start of the day',
  'route.home.forget': 'Forget this location',
  'route.home.hint':
    'Your browser asks before sharing it. It is kept on your profile, not shared with other clinicians, and never sent to a map service.',
  'route.home.locate.noGeolocation': 'This browser cannot share your location.',
  'route.home.locate.denied':
    'Location access was not allowed, so nothing was saved. You can allow it in your browser’s site settings and try again.',
  'route.home.locate.timeout': 'Finding your location took too long, so nothing was saved. Try again.',
  'route.home.locate.unavailable': 'Your location could not be found, so nothing was saved. Try again.',
  'machines.dayStart.locating': 'Finding your location…',
  'machines.dayStart.saving': 'Saving it to your profile…',
  'machines.dayStart.saved': 'Saved: your day starts and ends here, and the drives from and back home are now counted.',
  'machines.dayStart.notSaved':
    'Your location is used for this plan, but it could not be saved to your profile: you will be asked again next time.',
  'machines.dayStart.notLocated': 'Your location could not be found.',
  'machines.dayStart.forgetting': 'Forgetting it…',
  'machines.dayStart.forgotten': 'Forgotten: the drives from and back home are no longer counted.',
  'machines.dayStart.notForgotten': 'It could not be forgotten just now: your profile still holds it. Try again.',

  // The day's places and drive times (machines/day-places, machines/day-drives)
  'machines.dayPlaces.locating': 'Locating the visits’ addresses…',
  'machines.dayPlaces.unavailable':
    'The visits’ addresses could not be located just now: visits without a place on the calendar are left out of this plan.',
  'machines.dayDrives.asking': 'Asking for road drive times…',
  'machines.dayDrives.estimated':
    'Road drive times could not be had just now: this plan uses straight-line estimates (approximate) instead.',
} as const;
