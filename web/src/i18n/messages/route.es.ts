import type { Translation } from '../catalog.ts';
import type { routeEn } from './route.en.ts';

export const routeEs: Translation<typeof routeEn> = {
  'route.title': 'Ruta del {day}',
  'route.backToCalendar': 'Volver al calendario',
  'route.planning': 'Planificando la ruta...',
  'route.tryAgain': 'Intentar de nuevo',
  'route.askDrivesAgain': 'Volver a pedir los tiempos de manejo por carretera',
  'route.planError': 'No se pudo planificar este día: {error}',
  'route.noVisits': 'No hay visitas con ubicación este día: no hay ruta que planificar.',
  'route.readonly': 'Este plan es una sugerencia: su calendario solo cambia cuando elige “{useOrder}”.',

  'route.calendarMissesWindow':
    'El orden de su calendario no respeta el horario de un paciente; este orden sí lo respeta.',
  'route.totals.drivingOptimised': 'Manejo, orden optimizado',
  'route.totals.drivingLeastLate': 'Manejo, orden con menos retraso',
  'route.totals.drivingCalendar': 'Manejo, orden del calendario',
  'route.totals.milesOptimised': 'Millas, orden optimizado',
  'route.totals.milesLeastLate': 'Millas, orden con menos retraso',
  'route.totals.milesCalendar': 'Millas, orden del calendario',
  'route.totals.backHome': 'Regreso a casa',
  'route.totals.lastVisitEnds': 'Fin de la última visita',
  'route.approximateAddresses':
    '{count, plural, one {Una dirección está ubicada} other {# direcciones están ubicadas}} solo de forma aproximada (el centro de su código postal).',
  'route.minutes': '{minutes} min',
  'route.miles': '{miles} mi',

  'route.saving.oneVisit': 'Solo hay una visita este día: no hay nada que reordenar.',
  'route.saving.noneFeasibleSame':
    'Ningún orden respeta el horario de todos los pacientes, así que no hay ahorro: el orden de su calendario es el de menos retraso ({late} de retraso en total).',
  'route.saving.noneFeasible':
    'Ningún orden respeta el horario de todos los pacientes, así que no hay ahorro: abajo está el orden con menos retraso encontrado ({late} de retraso en total; el orden de su calendario: {calendarLate}).',
  'route.saving.saves': 'Ahorra {minutes} min de manejo ({percent} %) frente al orden de su calendario.',
  'route.saving.savesWithMiles':
    'Ahorra {minutes} min y {miles, plural, =1 {{milesText} milla} other {{milesText} millas}} de manejo ({percent} %) frente al orden de su calendario.',
  'route.saving.drivesMore': 'Maneja {minutes} min más que con el orden de su calendario.',
  'route.saving.drivesMoreForWindows':
    'Maneja {minutes} min más que con el orden de su calendario, porque el orden de su calendario no respeta el horario de un paciente; este orden respeta los horarios.',
  'route.saving.alreadyShortest': 'El orden de su calendario ya es el más corto.',
  'route.saving.lessThanMinute': 'Ahorra menos de un minuto de manejo frente al orden de su calendario.',

  'route.drives.approximate':
    'Los tiempos de manejo y las millas son aproximados (distancia en línea recta × un factor de carretera ÷ velocidad urbana, más estacionamiento).',
  'route.drives.road': 'Los tiempos de manejo y las millas son por carretera.',
  'route.drives.roadWithTraffic':
    'Los tiempos de manejo y las millas son por carretera, con el tráfico de una salida alrededor de las {time}.',
  'route.drives.estimatedLegs':
    '{legs, plural, one {Un trayecto es} other {# trayectos son}} una estimación en línea recta (aproximada).',
  'route.drives.milesApproximate': 'Las millas son aproximadas (distancia en línea recta × un factor de carretera).',
  'route.proven.noneFeasible': 'Comprobado: ningún orden de estas visitas respeta todos los horarios.',
  'route.proven.noneFound': 'No se encontró, en el tiempo disponible, un orden que respete todos los horarios.',
  'route.proven.shortest': 'Comprobado: es el orden más corto para estas visitas.',
  'route.proven.bestFound':
    'El mejor orden encontrado en el tiempo disponible; no está comprobado que sea el más corto.',
  'route.legs.homeBoth': 'Se cuenta el manejo desde su casa, entre visitas y de regreso a casa.',
  'route.legs.startOnly':
    'Se cuenta el manejo desde su casa y entre visitas; el día puede terminar en cualquier lugar.',
  'route.legs.endOnly':
    'Se cuenta el manejo entre visitas y hasta el final del día; el día puede empezar en cualquier lugar.',
  'route.legs.none':
    'Solo se cuenta el manejo entre visitas: no se cuentan los trayectos desde y hacia su casa (no se sabe dónde está).',

  'route.orders.optimised': 'Orden optimizado',
  'route.orders.leastLateHeading': 'Orden con menos retraso (ningún orden respeta todos los horarios)',
  'route.orders.leastLate': 'Orden con menos retraso',
  'route.orders.calendar': 'Orden del calendario',
  'route.stop.firstVisit': 'Primera visita',
  'route.stop.driveFromHome': 'Manejo de {minutes} desde su casa',
  'route.stop.driveFromPrevious': 'Manejo de {minutes} desde la visita anterior',
  'route.stop.drive': 'Manejo de {minutes}',
  'route.stop.missesWindowBy': 'llega {late} tarde para el horario',
  'route.stop.arrive': 'Llega {time}',
  'route.stop.start': 'Empieza {time}',
  'route.stop.leave': 'Sale {time}',
  'route.stop.wait': 'Espera {minutes}',
  'route.stop.booked': 'Agendada {time}',
  'route.stop.lateBy': 'Llega {late} tarde para el horario del paciente',
  'route.stop.timeIsFixed': 'Hora fija',

  'route.map.heading': 'Mapa',
  'route.whyThisOrder': 'Por qué este orden',
  'route.windowsNotMet': 'Horarios que no se pueden respetar',
  'route.notPlanned': 'Sin planificar',
  'route.skipped': '{title}: {reason}',

  'route.change.line': 'Se movió {name} {where}: {effect}',
  'route.change.lineWithWindow': 'Se movió {name} {where}: {effect}; {window}',
  'route.change.toEnd': 'al final del día',
  'route.change.before': 'antes de {name}',
  'route.change.leastLate':
    'parte del orden con menos retraso (ningún orden respeta todos los horarios, así que no se indica ahorro)',
  'route.change.same': 'el mismo manejo',
  'route.change.saves': 'ahorra {minutes} min de manejo',
  'route.change.adds': 'suma {minutes} min de manejo (necesarios para el resto del nuevo orden)',
  'route.change.windowMissed': 'horario {from}–{to} no respetado por {minutes} min',
  'route.change.windowMet': 'horario {from}–{to} respetado (empieza {start})',

  'route.problem.arrivesLate':
    '{name}: llega a las {arrival}, {minutes} min después de la hora de inicio más tardía ({latest})',
  'route.problem.lateEvenFirst':
    '{name}: aun como primera visita, la llegada más temprana es a las {arrival}, {minutes} min después de la hora de inicio más tardía ({latest})',
  'route.problem.notInHoursAlone':
    '{name}: no cabe en el horario de trabajo ni siquiera sola (regreso a las {finish}, {minutes} min después de las {end})',
  'route.problem.noRouteFromStart': '{name}: no hay ruta desde el punto de partida en la matriz de tiempos de manejo',
  'route.problem.noRouteToEnd': '{name}: no hay ruta hasta el punto final en la matriz de tiempos de manejo',
  'route.problem.backLate': 'regreso a las {finish}, {minutes} min después del fin del horario de trabajo ({end})',

  'route.skip.notAVisit': 'no es una visita: {why}',
  'route.skip.markedNotPatient': 'no es una visita: usted marcó este nombre como que no es paciente',
  'route.skip.noPatient': 'no hay paciente',
  'route.skip.notInPerson': '“{word}”: no es una visita en persona a esta hora',
  'route.skip.marksNotVisit': '“{word}” indica que no es una visita',
  'route.skip.personNoVisit': 'nombra a una persona, pero no una visita ni una dirección de casa',
  'route.skip.noPatientNoVisit': 'no nombra a ningún paciente ni una visita',
  'route.skip.allDay': 'un evento de todo el día no es una visita a una hora',
  'route.skip.noAddress': 'el evento no tiene dirección',
  'route.skip.notLocatedHere': 'su dirección no se ha ubicado (aquí no hay geocodificador)',
  'route.skip.notFound': 'su dirección no se encontró en el mapa',
  'route.skip.notLocatedNow': 'su dirección no se pudo ubicar en este momento',
  'route.skip.endsBeforeStart': 'termina antes de empezar',

  'route.map.title': 'Mapa esquemático de la ruta del {day}',
  'route.map.points':
    '{count, plural, one {# punto numerado} other {# puntos numerados}} en el orden de visita optimizado: {list}. Una línea continua los une en ese orden.',
  'route.map.sameOrder': 'El orden del calendario es el mismo.',
  'route.map.calendarOrder':
    'Los números pequeños huecos junto a ellos indican el orden del calendario: {list}; una línea discontinua los une en ese orden.',
  'route.map.scale':
    'El norte está arriba; las visitas están a unos {km} km de distancia como máximo. Líneas rectas, no calles.',
  'route.map.legendOptimised': 'Orden optimizado',
  'route.map.legendCalendar': 'Orden del calendario (números pequeños huecos) · Esquema: líneas rectas, norte arriba',

  'route.order.use': 'Usar este orden',
  'route.order.allow': 'Permitir cambios en el calendario',
  'route.order.callNow': 'Llamarles ahora',
  'route.order.undo': 'Deshacer',
  'route.order.note':
    '{count, plural, one {Mueve 1 visita} other {Mueve # visitas}} en su Google Calendar a las horas de arriba; puede deshacerlo.',
  'route.order.applied':
    '{count, plural, =0 {Su calendario ya tiene este orden.} one {Se movió 1 visita al nuevo orden. Los pacientes cuya hora cambió se enteran de la nueva hora en la llamada de confirmación de la tarde.} other {Se movieron # visitas al nuevo orden. Los pacientes cuya hora cambió se enteran de la nueva hora en la llamada de confirmación de la tarde.}}',
  'route.order.called':
    '{count, plural, one {Llamando ahora a 1 paciente sobre su nueva hora.} other {Llamando ahora a # pacientes sobre su nueva hora.}}',
  'route.order.nobodyCalled': 'No se llamó a nadie ahora.',
  'route.order.notCalled':
    '{count, plural, one {Sin llamar: 1 paciente ({reasons}).} other {Sin llamar: # pacientes ({reasons}).}}',
  'route.order.failure.unauthorized':
    'Su sesión terminó: vuelva a iniciar sesión y luego inténtelo otra vez. No se movió nada.',
  'route.order.failure.reauth_required': 'No hay acceso a Google Calendar. Por favor, vuelva a iniciar sesión.',
  'route.order.failure.write_access_required':
    'HomeRounds todavía no puede cambiar su calendario: permita los cambios en el calendario y vuelva a intentarlo.',
  'route.order.failure.changed':
    'Su calendario cambió desde que se hizo este plan, así que no se movió nada. El plan se vuelve a hacer con el calendario tal como está ahora.',
  'route.order.failure.fixed': 'Una visita con hora fija no se puede mover, así que no se movió nada.',
  'route.order.failure.calendar_unavailable':
    'Google Calendar no aceptó el cambio, así que no se movió nada. Vuelva a intentarlo.',
  'route.order.failure.partially_applied':
    'Google Calendar falló al mover sus visitas y algunas no se pudieron regresar: revise estas visitas en su calendario.',
  'route.order.callFailure.unauthorized': 'Su sesión terminó: vuelva a iniciar sesión. No se llamó a nadie.',
  'machines.dayOrder.applying': 'Moviendo sus visitas…',
  'machines.dayOrder.undoing': 'Regresando sus visitas…',
  'machines.dayOrder.undone': 'Sus visitas volvieron a sus horas agendadas.',
  'machines.dayOrder.network':
    'HomeRounds no pudo comunicarse con su servidor, así que no se movió nada. Vuelva a intentarlo.',
  'machines.dayOrder.noAnswer':
    'El servidor no respondió en 30 segundos: puede que sus visitas se hayan movido o no. El calendario se vuelve a cargar; revíselo antes de intentarlo otra vez.',
  'machines.dayOrder.undoFailed': 'No se pudo deshacer:',
  'machines.dayOrder.calling': 'Llamando a los pacientes cuya hora cambió…',
  'machines.dayOrder.callFailed':
    'No se pudieron hacer las llamadas en este momento: los pacientes se enteran de la nueva hora en la llamada de confirmación de la tarde.',
  'machines.dayOrder.callNoAnswer':
    'El servidor no respondió en 30 segundos: puede que se haya llamado a algunos pacientes. Los demás se enteran de la nueva hora en la llamada de confirmación de la tarde.',

  'route.rule.pastDay': 'Un día pasado: cada visita conserva su hora agendada.',
  'route.rule.todayFixed':
    'Las visitas de hoy conservan sus horas agendadas (su regla); solo se comparan los trayectos entre ellas.',
  'route.rule.keepTimes':
    'Las visitas conservan sus horas agendadas (su regla); solo se comparan los trayectos entre ellas.',
  'route.rule.anywhere':
    'Las visitas pueden moverse a cualquier hora dentro del horario preferido del paciente; las visitas marcadas con “Hora fija” conservan la suya.',
  'route.rule.within':
    'Las visitas pueden moverse {minutes, plural, one {hasta # minuto} other {hasta # minutos}} de su hora agendada, dentro del horario preferido del paciente; las visitas marcadas con “Hora fija” conservan la suya.',
  'route.rule.choiceAnywhere': 'a cualquier hora dentro del horario del paciente',
  'route.rule.choiceNone': 'nada (conservar sus horas agendadas)',
  'route.rule.choiceUpTo': '{minutes, plural, one {hasta # minuto} other {hasta # minutos}}',
  'route.rule.form': 'Su regla para mover visitas',
  'route.rule.todayKeeps': 'Las visitas de hoy conservan sus horas agendadas',
  'route.rule.laterMayMove': 'Las visitas posteriores pueden moverse',
  'route.rule.save': 'Guardar regla',
  'route.rule.cancel': 'Cancelar',
  'route.rule.saving': 'Guardando su regla…',
  'route.rule.change': 'Cambiar regla',
  'machines.moveRule.readFailed':
    'No se pudo leer su regla para mover visitas en este momento: este plan sigue la regla predeterminada.',
  'machines.moveRule.saveFailed':
    'Su nueva regla no se guardó: el plan sigue la regla que se muestra. Vuelva a intentarlo.',
  'machines.moveRule.pinFailed':
    'No se guardó el cambio de “Hora fija” de esa visita: el plan sigue lo que se muestra. Vuelva a intentarlo.',

  'route.home.title': 'Inicio y fin de su día',
  'route.home.savedAt': 'Su día empieza y termina en {place}: se cuentan los trayectos desde y hacia su casa.',
  'route.home.savedPlace': 'la ubicación que guardó',
  'route.home.current':
    'Su día empieza y termina en su ubicación actual (sin guardar): se cuentan los trayectos desde y hacia su casa.',
  'route.home.unreadable':
    'No se pudo leer en este momento dónde empieza su día, así que no se cuentan los trayectos desde y hacia su casa.',
  'route.home.unknown': 'No se sabe dónde empieza su día, así que no se cuentan los trayectos desde y hacia su casa.',
  'route.home.tryAgain': 'Intentar de nuevo',
  'route.home.useCurrentInstead': 'Usar mi ubicación actual',
  'route.home.useCurrentAsStart': 'Usar mi ubicación actual como inicio del día',
  'route.home.forget': 'Olvidar esta ubicación',
  'route.home.hint':
    'Su navegador le pregunta antes de compartirla. Se guarda en su perfil, no se comparte con otros profesionales y nunca se envía a un servicio de mapas.',
  'route.home.locate.noGeolocation': 'Este navegador no puede compartir su ubicación.',
  'route.home.locate.denied':
    'No se permitió el acceso a la ubicación, así que no se guardó nada. Puede permitirlo en la configuración del sitio de su navegador y volver a intentarlo.',
  'route.home.locate.timeout':
    'Encontrar su ubicación tardó demasiado, así que no se guardó nada. Vuelva a intentarlo.',
  'route.home.locate.unavailable': 'No se pudo encontrar su ubicación, así que no se guardó nada. Vuelva a intentarlo.',
  'machines.dayStart.locating': 'Buscando su ubicación…',
  'machines.dayStart.saving': 'Guardándola en su perfil…',
  'machines.dayStart.saved':
    'Guardada: su día empieza y termina aquí, y ahora se cuentan los trayectos desde y hacia su casa.',
  'machines.dayStart.notSaved':
    'Su ubicación se usa para este plan, pero no se pudo guardar en su perfil: se le volverá a preguntar la próxima vez.',
  'machines.dayStart.notLocated': 'No se pudo encontrar su ubicación.',
  'machines.dayStart.forgetting': 'Olvidándola…',
  'machines.dayStart.forgotten': 'Olvidada: ya no se cuentan los trayectos desde y hacia su casa.',
  'machines.dayStart.notForgotten':
    'No se pudo olvidar en este momento: su perfil todavía la tiene. Vuelva a intentarlo.',

  'machines.dayPlaces.locating': 'Ubicando las direcciones de las visitas…',
  'machines.dayPlaces.unavailable':
    'No se pudieron ubicar las direcciones de las visitas en este momento: las visitas sin lugar en el calendario quedan fuera de este plan.',
  'machines.dayDrives.asking': 'Pidiendo los tiempos de manejo por carretera…',
  'machines.dayDrives.estimated':
    'No se pudieron obtener los tiempos de manejo por carretera en este momento: este plan usa estimaciones en línea recta (aproximadas).',
};
