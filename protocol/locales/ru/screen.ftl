# Игровой экран терминального клиента, разбор партии и строки анализа, общие для терминала и pygame
# (client/tui/app.py, client/tui/analysis.py, client/analysis.py): по-русски.

## Строки анализа (client/analysis.py)
screen-verdict-not-yet = ещё не оценено
screen-verdict-still-lost = всё равно проигрыш
screen-verdict-kept-draw = ничья сохранена
screen-the-mover = сделавший ход
screen-seat = место { $n }
screen-or = { $first } или { $second }
screen-move-verdict = { $what_if ->
        [yes] а если {""}
       *[no] {""}
    }{ $name } { $move }: { $verdict }
screen-value-for = ({ $name }: { $value })
screen-leaves = ({ $name }: теперь { $value })
screen-nothing-proven = (после него ничего не доказано)
screen-best-was = лучший был { $moves }
screen-lesson-best = лучший { $moves }
screen-explaining = объясняю...
screen-over-here = здесь игра окончена: вернитесь на ход назад, чтобы попробовать другой ход
screen-solver-failed = решатель не справился: { $why }
screen-solver-none = решатель ничего не дал
screen-no-explanation = объяснения нет
screen-no-review = разбора нет: { $why }
screen-accuracy = { $name }: лучших { $best } из { $moves } ({ $percent }%)
screen-turning = ход { NUMBER($n) }, { $name }, { $move }: { $verdict }
screen-from-move = { $what } с хода { NUMBER($n) }
screen-turning-by = ход { NUMBER($n) } ({ $move }), { $name }: { $verdict }
screen-drawn = ничья

## Доска анализа и разбор (client/tui/analysis.py)
screen-an-start = начало
screen-an-back = снова на ходах партии
screen-review-col-ply = №
screen-review-col-move = ход
screen-review-col-before = до
screen-review-col-after = после
screen-review-col-verdict = оценка
screen-review-col-best = лучший
screen-review-foot = Enter: этот ход на доске анализа · a: доска · Esc: назад
screen-review-accuracy = точность: { $text }
screen-review-turning = переломные ходы: { $text }
screen-review-lesson = ход { NUMBER($n) }, { $name } { $move }: { $verdict }
screen-review-computing = готовлю разбор...
screen-review-not-over = разбор будет, когда партия закончится
screen-board-not-over = доска анализа открывается, когда партия закончится
screen-board-making = готовлю доску анализа...
screen-moves-unread = не удалось прочитать ходы партии

## Клавиши доски анализа и разбора
screen-key-step-minus1 = назад
screen-key-step-1 = вперёд
screen-key-home = начало
screen-key-end = конец
screen-key-back-to-game = к партии
screen-key-what-if = а если
screen-key-tree = дерево игры
screen-key-close = закрыть
screen-key-dismiss = закрыть
screen-key-board = доска анализа
screen-help-step = ход назад, ход вперёд
screen-help-ends = начало, конец

## Игровой экран (client/tui/app.py)
screen-you = вы: { $name }
screen-watching = вы зритель
screen-code = код { $code }
screen-room = комната { $room }
screen-f1-notation = { $line } (F1: запись ходов)
screen-waiting-challenge = ждём, пока { $name } примет ваш вызов (F7 отзывает его)
screen-waiting-players = ждём игроков;
    поделитесь: { $share }
screen-rematch-you-asked = вы предложили реванш; ждём { $names }
screen-rematch-the-room = комнату
screen-rematch-new-room = новую комнату
screen-rematch-asked = { $name } предлагает реванш{ $player ->
        [yes] {" "}(F4 принимает)
       *[no] {""}
    }
screen-rematch-asks = { $name } предлагает реванш{ $player ->
        [yes] {" "}(F4 принимает)
       *[no] {""}
    }
screen-rematch-again = реванш: снова { $names }
screen-same-players = те же игроки
screen-rematch-not-found = комната реванша не найдена (может быть, она закрытая?)
screen-following = переходим за игроками в их реванш
screen-away = { $name } (нет на связи)
screen-first-move-within = первый ход в течение { $seconds } с
screen-link-lost = связь потеряна (код { $code }); восстанавливаю...
screen-moved = этот сервер перезапускается: переход на { $url } без перерыва
screen-reconnected = связь восстановлена
screen-session-lost = связь восстановлена, но сеанс потерян
screen-goes-on = партия продолжается
screen-played = { $name }: ход { $move }
screen-hidden = (скрыт)
screen-player-back = { $name } снова на связи
screen-player-away = { $name }: связь потеряна
screen-draw-offered = { $name } предлагает ничью{ $player ->
        [yes] : F8 принимает, F9 отклоняет
       *[no] {""}
    }
screen-you-offered-draw = вы предложили ничью
screen-draw-declined = { $name }: ничья отклонена
screen-draw-stands = ваше предложение ничьей в силе; ждём { $names }
screen-draw-not-playing = о ничьей договариваются игроки идущей партии
screen-rematch-needs = реванш возможен только после законченной партии, которую вы играли
screen-no-room-chat = нет комнаты, куда можно писать
screen-no-game = на экране нет партии
screen-spectator-move = вы зритель: зрители не ходят
screen-dropped = связь оборвалась до ответа; восстанавливаю...
screen-dropped-move = связь оборвалась при отправке хода; его проверят после восстановления
screen-no-answer = нет ответа: { $why }
screen-move-no-answer = на ход нет ответа: { $why }
screen-game-on = партия идёт: сначала сдайтесь (F3) или играйте дальше
screen-left-queue = вы вышли из очереди быстрой игры
screen-declined-challenge = вы отклонили вызов от { $name }
screen-nothing-to-resign = нечего сдавать: вы не играете партию
screen-resign-question = Сдаться в партии «{ $game }»? Соперник: { $names }. Это нельзя отменить.
screen-play-on = играем дальше
screen-thinking = думаю...
screen-hint = подсказка: { $hint }
screen-nobody = никого
screen-link-challenge = код { $code }: место для { $name } (с любого устройства); остальные с этим кодом смотрят
screen-link-invite = код { $code }: свободное место займёт любой, у кого есть код
screen-bot = бот
screen-open-seat = (свободное место)
screen-invite-seat = (место по приглашению)
screen-you-play = вы играете: { $mark }
screen-you-are = вы: { $mark }
screen-stretch = { $span }: { $who }
screen-won-by = победа: { $name }
screen-won-side-yours = из начальной позиции выигрывает ваша сторона: для рейтинга её выигрыш засчитан как ничья
screen-won-side = из начальной позиции выигрывает сторона { $name }: для рейтинга её выигрыш засчитан как ничья
screen-your-rating = ваш рейтинг { $change }
screen-rating-of = рейтинг { $name } { $change }

## Законченные партии игрока (client/player_games.py)
screen-pg-vs = { $first } против { $rest }
screen-pg-moves = { $n }{ $rated ->
        [yes] {" "}рейт.
       *[no] {""}
    }
screen-pg-win = выигрыш
screen-pg-loss = проигрыш
screen-pg-draw = ничья
screen-pg-none = { $name }: законченных партий{ $of ->
        [yes] {" "}в { $game }
       *[no] {""}
    } пока нет
screen-pg-past = { $name }: после { $offset } партий больше нет (всего { $total }{ $of ->
        [yes] {" "}в { $game }
       *[no] {""}
    })
screen-pg-page = { $name }: партии{ $of ->
        [yes] {" "}в { $game }
       *[no] {""}
    } { $first }–{ $last } из { $total } (сначала новые)

## Поля комнаты (client/tui/model.py)
screen-bad-param = параметр { $item }: пишите КЛЮЧ=ЗНАЧЕНИЕ, например heaps=3,4,5
screen-bad-opponent = соперник { $text }: пишите human, invite или bot:УРОВЕНЬ ({ $levels })

## Вызовы в терминале (client/challenges.py)
screen-rated-guest = рейтинговые партии — для зарегистрированных игроков, а вы играете как гость (один раз выполните `grundy register ИМЯ`, затем играйте с --name ИМЯ)
screen-challenge-sent = вы вызвали { $name } на { $rated ->
        [yes] рейтинговую партию: { $game }
       *[no] партию: { $game }
    }; ждём ответа
screen-challenge-lapsed = { $name }: ответа на ваш вызов вовремя не было

## Клавиши страницы турнира (client/tui/tournaments.py)
screen-key-enter = записаться
screen-key-withdraw = выйти
screen-key-start = начать

## Отказ в запросе к турниру (client/tournament_view.py)
screen-cannot = не удалось { $verb }: { $why } ({ $detail })
screen-tverb-enter = записаться
screen-tverb-withdraw = выйти из турнира
screen-tverb-start = начать турнир
screen-tverb-show-the-tournament = показать турнир
screen-tverb-open-the-tournament = открыть турнир
screen-tverb-create-the-tournament = создать турнир
screen-trefusal-tournament_not_open = запись закрыта
screen-trefusal-tournament_over = турнир окончен
screen-trefusal-tournament_full = в турнире нет свободных мест
screen-trefusal-already_entered = вы уже записаны
screen-trefusal-not_entered = вы не участник
screen-trefusal-not_organiser = это может сделать только его организатор
screen-trefusal-too_few_entrants = пока слишком мало участников
screen-trefusal-unknown_tournament = сервер больше не знает этот турнир
screen-trefusal-too_many_tournaments = у вас открыто слишком много турниров

## Две стороны доски анализа (client/tui/desk.py)
screen-desk-first = первый игрок
screen-desk-second = второй игрок

## Вопрос «да или нет» (client/tui/confirm.py; клавиши y и n)
screen-confirm-yes = Да (y)
screen-confirm-no = Нет (n, Esc)

## Почему партия окончена (client/tui/app.py)
screen-end-resign = { $name }: партия сдана
screen-end-flag = { $name }: время вышло
screen-end-disconnect = { $name }: выход без возвращения вовремя

## Сдача как последний ход разбора (client/analysis.py)
screen-move-resign = сдача
