# Точные отказы узла (say в сообщении error, server/refusals.py). Введённое ($name, $room, $text...) приходит
# уже в кавычках; $game — название игры, которое клиент говорит так, как её изучают (game-<название>); ключи вроде
# games_per_pairing — имена полей протокола, их не переводим. Пол игрока не угадываем.

## Игроки, имена и сеансы
refuse-no-player = ни один игрок не зарегистрирован под именем { $name }
refuse-no-rated-game = { $name }: пока нет ни одной рейтинговой партии
refuse-versions = вы говорите на версиях протокола { $offered }; этот сервер — на { $supported }
refuse-has-session = у этого соединения уже есть сеанс
refuse-bad-token = этот токен не соответствует ни одному сеансу здесь: поздоровайтесь заново (hello)
refuse-banned = имя { $name } заблокировано на этом сервере: { $reason }
refuse-wrong-secrets = слишком много неверных секретов для { $name }; попробуйте снова через { NUMBER($s) } с
refuse-secret-no-player = ни один игрок не зарегистрирован под именем { $name } (поздоровайтесь без секрета, чтобы играть как гость)
refuse-name-registered = { $name } — имя зарегистрированного игрока: поздоровайтесь с его секретом или выберите другое имя
refuse-wrong-secret = это не секрет игрока { $name }
refuse-name-exists = имя { $name } уже зарегистрировано (имена не повторяются независимо от регистра букв): выберите другое
refuse-rate = больше { NUMBER($n) } { $n ->
    [one] запроса
   *[other] запросов
} в секунду: помедленнее

## Комнаты и места
refuse-no-room = комнаты { $room } нет
refuse-no-room-here = на этом сервере нет комнаты { $room }
refuse-no-code = ни у одной комнаты нет такого кода приглашения
refuse-room-or-code = укажите идентификатор комнаты ('room') или её код приглашения ('code')
refuse-room-seats = место { $seat }: в этой комнате места 0..{ $last }
refuse-game-seats = место { $seat }: в «{ $game }» места 0..{ $last }
refuse-bot-seat = место { $seat } — для бота
refuse-not-in-queue = вы не ждёте быстрой игры
refuse-stopping-rooms = сервер останавливается: новых комнат не будет
refuse-server-rooms = на этом сервере уже наибольшее разрешённое число незаконченных комнат ({ NUMBER($n) }): попробуйте позже
refuse-your-rooms = у вас уже { NUMBER($n) } { $n ->
    [one] незаконченная комната
    [few] незаконченные комнаты
   *[other] незаконченных комнат
}: сначала закончите или покиньте одну
refuse-list-total = { $param }: «{ $game }» на сервере допускает сумму не больше { NUMBER($most) }
refuse-too-many-moves = «{ $game }» с этими параметрами: в начале { NUMBER($n) } { $n ->
    [one] возможный ход
    [few] возможных хода
   *[other] возможных ходов
}; комната на сервере допускает не больше { NUMBER($most) }
refuse-room-taken-over = комната { $room }: партия в ней идёт, и её как раз принимает другой узел; отправьте ещё раз
refuse-room-not-shown = комнату { $room } не удаётся показать: { $why }; её запись сохранилась (get_record)
refuse-room-closed = комната { $room }: партия окончена, комната закрыта: { $what ->
    [rematch] реванша
   *[chat] чата
} больше не будет (новые игры — в лобби)
refuse-still-playing = комната { $room }: партия ещё { $status ->
    [waiting] ждёт игроков
    [playing] идёт
   *[other] не окончена ({ $status })
}
refuse-record-format = формат { $format }: в комнате { $room } играли в «{ $game }»; эту партию можно записать как { $formats }

## Рейтинговые партии
refuse-you-are-guest = { $name } — гость: зарегистрируйте имя (grundy register ИМЯ) и поздоровайтесь с его секретом или играйте без рейтинга
refuse-rated-guest = { $name } — гость; рейтинговая партия — только для двух зарегистрированных игроков
refuse-rated-seats = «{ $game }» здесь: { NUMBER($seats) } { $seats ->
    [one] место
    [few] места
   *[other] мест
}; в рейтинговой партии их два
refuse-rated-bots = в рейтинговой партии не больше одного места для бота сервера

## Вызовы
refuse-self-challenge = нельзя вызвать самого себя
refuse-self-elsewhere = { $name } — это вы на другом устройстве: нельзя вызвать самого себя
refuse-no-session = нет игрока в сети с сеансом { $session } (см. list_players)
refuse-challenges-waiting = у вас уже { NUMBER($n) } { $n ->
    [one] вызов ждёт
    [few] вызова ждут
   *[other] вызовов ждут
} ответа: дождитесь ответа на один или покиньте его комнату
refuse-no-challenge = комната { $room }: нет вызова вам, ждущего ответа (на него уже ответили, его отменили или время вышло)
refuse-kept-seat = место { $seat }: в этом вызове для вас оставлено место { $kept }
refuse-seat-kept-for = место { $seat } оставлено для { $name }: занять его может только этот игрок
refuse-seat-kept = место { $seat } оставлено для вызванного игрока: занять его может только этот игрок

## Анализ
refuse-analysis-kind = { $kind }: без комнаты анализируют только позицию, дерево или экзамен
refuse-analysis-game = game: назовите игру для анализа (или комнату)
refuse-analysis-puzzle = puzzle: назовите задачу (её id из списка puzzles)
refuse-exam-keys = { $key }: экзамен принимает { $keys }

## Параметры игры ($param в кавычках; что он принимает — по $kind, как в server-allowed-*)

## Турниры: создание
refuse-stopping-tournaments = сервер останавливается: новых турниров не будет
refuse-t-unknown = турнира { $id } нет
refuse-t-too-many = у вас уже { NUMBER($n) } { $n ->
    [one] открытый турнир
    [few] открытых турнира
   *[other] открытых турниров
}: сначала начните один
refuse-t-bot-level = bots[{ $i }]: уровень { $level } — не один из { $levels }
refuse-t-format = format: { $format } — не один из { $formats }
refuse-t-two-seats = game: турнир ({ $format ->
    [round-robin] круговая система
    [swiss] швейцарская система
    [knockout] на выбывание
    [gauntlet] один против всех
   *[other] { $format }
}) составляет пары по два игрока на партию, а «{ $game }» с этими параметрами: { NUMBER($seats) } { $seats ->
    [one] место
    [few] места
   *[other] мест
} (турниры для трёх и более игроков в партии не поддерживаются)
refuse-t-setting = { $key }: { NUMBER($value) } не в пределах { NUMBER($lo) }..{ NUMBER($hi) }
refuse-t-swiss-rounds = rounds: для швейцарской системы нужно число туров от 1 до { NUMBER($most) }, а дано { $rounds }
refuse-t-rounds-swiss-only = rounds: число туров задают только для швейцарской системы
refuse-t-double-robin-only = double: двойной может быть только круговая система
refuse-t-challenger-gauntlet-only = challenger: претендент бывает только в турнире «один против всех»
refuse-t-openings = openings: { NUMBER($n) } { $n ->
    [one] дебют
    [few] дебюта
   *[other] дебютов
}, а можно не больше { NUMBER($most) }
refuse-t-openings-secret = openings: в «{ $game }» каждый раз новое тайное расположение, поэтому дебют нельзя проверить заранее
refuse-t-opening-moves = openings[{ $i }]: { NUMBER($n) } { $n ->
    [one] ход
    [few] хода
   *[other] ходов
}, а можно не больше { NUMBER($most) }
refuse-t-opening-not-text = openings[{ $i }]: ход { $move } — не текст: { $text }
refuse-t-opening-over-before = openings[{ $i }]: партия окончена ещё до хода { $move } { $text }
refuse-t-opening-illegal = openings[{ $i }]: ход { $move } { $text } невозможен: { $why }
refuse-t-opening-ends-at = openings[{ $i }]: дебют заканчивает партию на ходе { $move } { $text }: играть уже нечего
refuse-t-opening-ends = openings[{ $i }]: дебют заканчивает партию: играть уже нечего

## Турниры: участие, выход, начало, остановка (турнир $id)
refuse-t-started = турнир { $id }: он уже начался
refuse-t-finished = турнир { $id }: он окончен
refuse-t-kind = турнир { $id }: вид участника { $kind } — не один из human, bot, hosted
refuse-t-full = турнир { $id }: в нём уже { NUMBER($n) } { $n ->
    [one] участник
    [few] участника
   *[other] участников
}
refuse-t-games = турнир { $id }: в нём { NUMBER($n) } { $n ->
    [one] участник
    [few] участника
   *[other] участников
}: ещё один дал бы больше { NUMBER($most) } партий
refuse-t-organiser-bots = турнир { $id }: ботов сервера добавляет только организатор
refuse-t-level = турнир { $id }: уровень { $level } — не один из { $levels }
refuse-t-level-hosted-only = турнир { $id }: уровень задают только для ботов сервера
refuse-t-no-name = турнир { $id }: участнику нужно имя
refuse-t-entered = турнир { $id }: этот сеанс уже записан
refuse-t-plays-another = турнир { $id }: этот сеанс играет за другого участника
refuse-t-not-entrant = турнир { $id }: { $who } не участник
refuse-t-organiser-withdraws = турнир { $id }: снимать других участников может только организатор
refuse-t-organiser-starts = турнир { $id }: начать его может только организатор
refuse-t-creator-stops = турнир { $id }: остановить его может только организатор
refuse-t-cannot-start-too-few = турнир { $id }: для формата { $format } нужно не меньше 2 участников, а записано { NUMBER($entered) }
refuse-t-cannot-start-swiss-rounds = турнир { $id }: для { NUMBER($rounds) } туров по швейцарской системе без повторных пар нужно больше участников, чем { NUMBER($entered) } (не больше { NUMBER($most) } туров)
refuse-t-cannot-start-no-challenger = турнир { $id }: претендента { $challenger } нет среди участников

## Веб-страница узла (простые текстовые ответы браузеру)
refuse-http-method = здесь обслуживают только GET и HEAD
refuse-http-long-path = путь может быть не длиннее { NUMBER($n) } символов
refuse-http-no-page = такой страницы нет: игра — на /
refuse-http-no-file = в этой установке нет файла { $name }
