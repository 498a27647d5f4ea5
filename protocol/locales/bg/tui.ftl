# Лобито на терминалния клиент на български: раздели, бутони, полета, заглавия на колоните и подсказки
# (client/tui/app.py, players.py, tournaments.py).

## Раздели
tui-lobby-tab-new = Нова игра (F4)
tui-lobby-tab-rooms = Стаи (F4)
tui-lobby-tab-tournaments = Турнири (F8)
tui-lobby-tab-players = Играчи (F9)
tui-lobby-tab-games = Партии (F10)

## Създаване на стая
tui-lobby-params = параметри
tui-lobby-clock = часовник
tui-lobby-vs = срещу
tui-lobby-clock-placeholder = мин+с, напр. 5+2 или 30s+1; празно: без часовник
tui-lobby-private = частна
tui-lobby-rated = рейтингова
tui-lobby-btn-create = F2 Създай
tui-lobby-btn-quick = F3 Бърза игра
tui-lobby-vs-bot = бот ({ $level })
tui-lobby-vs-human = човек (свободно място)
tui-lobby-vs-invite = човек (код за покана: всеки, който го има)
tui-lobby-help-new = ↑↓ изберете игра, Enter създава стаята ѝ; Tab — към настройките; F11 дъска, F12 задачи, F1 помощ

## Стаи, турнири, играчи, партии
tui-lobby-btn-refresh = F5 Обнови
tui-lobby-btn-join = F6 Влез
tui-lobby-btn-watch = F7 Гледай
tui-lobby-code = код
tui-lobby-code-placeholder = код или id на стая: F6 — влез, F7 — гледай
tui-lobby-help-rooms = ↑↓ изберете стая, Enter — влез; въведеният код е преди списъка
tui-lobby-help-tournaments = ↑↓ изберете турнир, Enter или F6 го отваря (класиране, партии); F2 създава нов
tui-lobby-help-players = ↑↓ изберете играч, Enter или F6 го предизвиква на игра
tui-lobby-player = играч
tui-lobby-player-placeholder = регистрирано име или bot:НИВО
tui-lobby-game = игра
tui-lobby-game-placeholder = празно: всички игри
tui-lobby-help-games = Enter показва партиите на играча; ↑↓ изберете партия, Enter или F7 я отваря; [ по-нови, ] по-стари

## Заглавия на колоните
tui-col-room = стая
tui-col-game = игра
tui-col-clock = часовник
tui-col-seats = места
tui-col-status = статус
tui-col-state = статус
tui-col-name = име
tui-col-format = формат
tui-col-entrants = участници
tui-col-round = кръг
tui-col-player = играч
tui-col-kind = вид
tui-col-where = къде
tui-col-ratings = рейтинги
tui-col-ended = край (UTC)
tui-col-players = играчи
tui-col-result = резултат
tui-col-moves = ходове

## Предизвикателство към играч (client/tui/players.py)
tui-challenge-title = Предизвикай { $name }
tui-challenge-send = Предизвикай (Enter)
tui-challenge-cancel = Отказ (Esc)
tui-challenge-accept = Приеми (y)
tui-challenge-decline = Откажи (n, Esc)
tui-challenge-no-game = изберете игра

## Страницата на турнир (client/tui/tournaments.py)
tui-tournament-title = турнир { $id }
tui-tournament-round = { $rounds ->
        [0] кръг { $n }
       *[other] кръг { $n } от { $rounds }
    }: F6 или Enter — гледай партия
tui-tournament-no-round = още няма кръг: двойките се съставят, когато организаторът започне турнира
tui-tcol-place = #
tui-tcol-player = играч
tui-tcol-kind = вид
tui-tcol-points = т
tui-tcol-games = п
tui-tcol-wdl = п-р-з
tui-tcol-tiebreak = доп
tui-tcol-rating = рейтинг
tui-tcol-change = промяна
tui-tcol-board = д
tui-tcol-game = игра
tui-tcol-players = играчи
tui-tcol-result = резултат
tui-tcol-room = стая

## `grundy show`: ход, който не може да се изиграе (cli/games.py)
tui-show-refused = ход { $n }: '{ $move }': { $why }
tui-show-unreadable = това не е ход в записа на тази игра (възможни ходове: { $moves })
tui-show-illegal = такъв ход не е позволен в тази позиция (възможни ходове: { $moves })
tui-show-no-moves = няма, играта е свършила
tui-show-refused-told = ход { $n }: { $why }

## `grundy show`: рисунките на игрите с купчини (cli/games.py)
tui-show-nim = { $game }{ $misere ->
        [yes] {" "}(мизер)
       *[no] {""}
    }
tui-show-heap = купчина { $n }
tui-show-the-heap = купчина
tui-show-total = общо
tui-show-subtraction = { $game }: вземи { $take }, цел { $goal } ({ $rule })
tui-show-stones = { $game }: действия { $ops }, цел { $goal } ({ $rule })

## Дъските с купчини в терминала (client/tui/board.py)
tui-board-nim = Ним ({ $misere ->
        [yes] мизер: който вземе последния предмет, губи
       *[no] който вземе последния предмет, печели
    })
tui-board-subtraction = Игра с изваждане: вземи { $take }; цел { $goal } ({ $rule })
tui-board-stones = Купчини камъни: общо { $total }, цел { $goal } ({ $rule })

## Нов турнир (client/tui/tournaments.py)
tui-newt-title = Нов турнир
tui-newt-format = формат
tui-newt-rounds = кръгове
tui-newt-rounds-placeholder = само швейцарска система, 1-256
tui-newt-gpp = партии/двойка
tui-newt-bots = ботове
tui-newt-bots-placeholder = ботове на сървъра по ниво, напр. easy,max
tui-newt-create = Създай (Enter)
tui-newt-withdraw = Да се оттеглите ли от { $name }? Партията, която играете, ще бъде предадена, а следващите ви партии ще се броят за загубени служебно.
tui-newt-swiss-rounds = кръгове: швейцарската система изисква брой кръгове (1-256)
tui-newt-no-rounds = кръгове: брой кръгове се задава само при швейцарска система ({ $format } играе всички)
tui-newt-bad-level = ботове: { $level } не е ниво; напишете някои от { $levels }
tui-newt-many-bots = ботове: най-много { $most } бота на сървъра
tui-newt-not-whole = { $field }: { $given } не е цяло число ({ $low }-{ $high })
tui-newt-out-of-bounds = { $field }: { $given } е извън границите ({ $low }-{ $high })

## Дъската за анализ в терминала (client/tui/analysis.py)
tui-an-placeholder = ами ако: ход оттук, Enter (F5)
tui-an-help = ←/→ стъпка · Home/End · ход от списъка · Esc назад
tui-an-what-if-banner = АМИ АКО (F4: обратно към партията)
tui-an-title = анализ · { $game } · ход { $ply } от { $plies }
tui-an-to-move = { $name } е на ход
tui-an-the-end = край
tui-an-tree-after = { $game } след { $moves }
tui-an-tree-start = { $game } в началото
tui-an-not-here = не тук: { $why }
tui-an-what-if = ами ако { $move }: F4 връща към ходовете на партията

## Редът за състоянието в лобито (client/tui/app.py)
tui-lobby-no-room-join = на този сървър няма стая { $code }: проверете кода или id на стаята
tui-lobby-no-room-watch = на този сървър няма стая { $code }: проверете id на стаята (или кода на частна стая)
tui-lobby-unreachable = няма връзка с { $url }: { $why }
tui-lobby-connected = свързан с { $url } като { $name }
tui-lobby-link-over = връзката приключи: { $why }
tui-lobby-queued = чакане на опашката за бърза игра: { $game }... (Esc — изход от опашката)
tui-lobby-done-enter = записахте се: { $name }
tui-lobby-done-withdraw = оттеглихте се: { $name }
tui-lobby-done-start = турнирът започна: { $name }
tui-lobby-done = { $verb }: { $name }
tui-lobby-tournament-open = { $name }: записването е отворено; F2 — участвай, F4 — започни

## Отговорите на лобито на клавиш, когато нищо не е избрано
tui-say-type-name = въведете име на играч (регистрирано или bot:LEVEL)
tui-say-no-older = няма по-стари партии
tui-say-newest = това са най-новите партии
tui-say-no-tournament = не е избран турнир: F2 — създай, F5 — обнови списъка
tui-say-no-player = не е избран играч: F5 — обнови списъка
tui-say-that-is-you = това сте вие (на това или друго устройство): изберете някой друг за предизвикателство
tui-say-choose-game = първо изберете игра
tui-say-no-game = не е избрана партия: въведете име на играч и Enter показва списъка с партии
tui-say-no-room = не е избрана стая: F5 — обнови списъка, или въведете код
tui-say-no-room-game = изберете партия, която има стая (чакащата партия още няма)

## Клавиши на диалозите (панелът с клавиши)
tui-key-cancel = отказ
tui-key-back = назад
tui-key-open-node = отвори позицията
tui-key-deeper = по-дълбоко
tui-key-answer-true = приеми
tui-key-answer-false = откажи
