## Дошка аналізу, підказка й огляд партії (client/web/analysis.js, teach.js, explained.js)

web-an-part = частина
web-an-size = розмір
web-an-binary = двійково
web-an-head = Ходить { $name }: { $value } { $by }
web-an-map = на дошці: { $what }
web-an-hint = підказка: { $move }
web-an-no-hint = підказки немає: { $why }
web-an-over-here = тут гра закінчена: поверніться на хід назад, щоб спробувати інший хід
web-an-wait = зачекайте на відповідь розв'язувача про цю позицію
web-an-illegal = { $move } — неможливий хід тут
web-an-start = На початку
web-an-after = Після ходу { NUMBER($ply) }{ $of ->
    [0] {""}
   *[other] {" "}з { $of }
} ({ $move })
web-an-first = на початок (Home)
web-an-prev = на хід назад (←)
web-an-next = на хід уперед (→)
web-an-last = у кінець (End)
web-an-what-if = А якщо:
web-an-no-move-yet = (ще без ходу)
web-an-instead = замість { $move }
web-an-to-move-at = { $name } ходить на ході { NUMBER($n) }
web-an-back = Назад до партії
web-an-back-title = ходи самої партії
web-an-about = Зробіть будь-який хід на дошці, щоб побачити, до чого б він привів.
web-an-end = Кінець партії{ $back ->
    [yes] : поверніться клавішею ← або клацніть хід.
   *[no] .
}
web-an-last-position = Остання позиція ({ $over }){ $back ->
    [yes] : поверніться клавішею ← або клацніть хід.
   *[no] .
}
web-an-looking = розв'язувач аналізує цю позицію…
web-an-refused = пояснення немає: { $why }
web-an-again = Спитати ще раз
web-an-in-the-game = У партії
web-an-played = { $name }: хід { $move }
web-an-before-it = до нього: { $value }
web-an-better-below = краще { $moves }, як пояснено нижче
web-ex-by-other = за розв'язувачем
web-map-corner = результат для того, хто ходить, коли { $piece } стоїть на кожній клітинці (W3: виграє своїм 3-м ходом; L2: програє не пізніше 2-го ходу суперника; L0: гра там закінчена); програшні клітинки — ті, де значення Гранді 0{ $more ->
    [yes] ; найближчі до фігури клітинки, спершу програшні
   *[no] {""}
}
web-map-prices = ціна кожної клітинки: скільки отримає Max звідти за найкращої гри{ $more ->
    [yes] {" "}(найближчі до пішака клітинки, спершу ті, яких він ще може досягти)
   *[no] {""}
}
web-map-pursuit = раунди, за які переслідувач на { $cell }, що ходить, ловить утікача на кожній клітинці ('-': ніколи); результат — для переслідувача
web-map-cells = результат для того, хто ходить, від ходу на кожну порожню клітинку (W3: виграє своїм 3-м ходом, рахуючи цей; L2: програє не пізніше 2-го ходу суперника; D: нічия)
web-map-other = що розв'язувач знайшов для кожної клітинки
web-value-win-in = виграш за { NUMBER($k) }
web-value-loss-in = програш за { NUMBER($k) }
web-value-win-at-most = виграш щонайбільше за { NUMBER($k) }
web-value-loss-at-most = програш щонайбільше за { NUMBER($k) }
web-value-win = виграш
web-value-loss = програш
web-value-draw = нічия
web-value-score = значення { $score }
web-value-engine = оцінка рушія { $score }
web-value-engine-win = рушій: виграш близько
web-value-engine-loss = рушій: програш близько
web-value-won = виграно
web-value-unknown = не доведено
web-verdict-best = найкращий
web-verdict-kept-win = виграш збережено
web-verdict-threw-win = виграш упущено
web-verdict-threw-draw = нічию упущено
web-verdict-hurried = програш пришвидшено
web-verdict-resigned-won = здача у виграній позиції
web-verdict-resigned-drawn = здача в нічийній позиції
web-verdict-resigned-lost = здача в програній позиції
web-verdict-resigned = здача
web-verdict-missed-win = пропущено доведений виграш
web-verdict-missed-defence = пропущено вимушений захист
web-verdict-allowed-win = допущено доведений виграш суперника
web-verdict-lost-anyway = програш усе одно
web-verdict-stopped = загрозу зупинено
web-verdict-engine = вибір рушія
web-verdict-engine-close = близько до вибору рушія
web-verdict-engine-other = рушій обирає інший хід
web-verdict-no-proof = без доведення
web-verdict-not-judged = не оцінено
web-verdict-gave-away = віддано { $score }
web-verdict-other = оцінено
web-review-why-board = клацніть рядок: дошка пояснить
web-review-title = Оцінка розв'язувача для кожного ходу
web-review-who-winning = Хто вигравав:
web-review-turning = Переломні ходи:
web-review-accuracy = Точність:
web-review-player = Гравець
web-review-move = Хід
web-review-before = До
web-review-after = Після
web-review-verdict = Оцінка
web-review-show = показати цю позицію на дошці
web-review-better = краще
web-teach-looking = { $move }: розв'язувач аналізує…
web-teach-over-after = Після { $move } гра закінчена: { $reason }
web-teach-after = Після { $move } ходить { $name }: { $value }
web-teach-best = найкращий хід
web-teach-throws-win = він упускає виграш
web-teach-throws-draw = він упускає нічию
web-teach-keeps-win = він зберігає виграш
web-teach-losing = програшний хід
web-teach-draw = він веде до нічиєї
web-teach-move-n = хід { NUMBER($n) }
web-teach-moves-span = ходи { $from }–{ $to }
web-teach-worth = рахунок
web-teach-winning = виграє { $name }
web-teach-turning = хід { NUMBER($n) }, { $move } ({ $name }; { $verdict })
web-teach-accuracy = { $name }: { $percent }% (найкращих { $best } з { $moves ->
    [one] { $moves } ходу
   *[other] { $moves } ходів
})

## Сторінки навчання (client/web/study.html, studypage.js, study.js)

web-study-nav-analysis = Дошка аналізу
web-study-nav-exam = Іспит
web-study-nav-puzzles = Задачі
web-study-any = Будь-яка позиція
web-study-open = Відкрити позицію
web-study-position = Позиція
web-study-copy = Копіювати
web-study-tree = Дерево гри
web-study-draw-tree = Побудувати дерево
web-study-unfold = Розгорнути все
web-study-fold = Згорнути все
web-exam-title = Гра з купками з іспиту (завдання 19–21)
web-exam-solve = Розв'язати для кожного S
web-puzzles-title = Задачі: знайдіть виграшний хід
web-puzzle = Задача
web-puzzle-next = Наступна задача
web-puzzle-all = Усі задачі
web-study-tree-about = Кожен вузол: хід, що веде до нього, і його код для того, хто там ходить (K: виграє своїм K-м ходом; -K: програє не пізніше K-го ходу суперника; 0: гра закінчена). У виграному вузлі лише виграшні ходи, у програному — усі. Хід відкриває свою позицію.
web-exam-about = Двоє гравців, купки каменів; хід застосовує одну операцію до однієї купки. Гра закінчується, коли сума досягає мети; за правилом reach-wins виграє той, хто її досяг. S — невідома купка.
web-puzzles-about = Складені розв'язувачем для ігор, які він розв'язує, і взяті з реальних партій, де виграш було упущено. Легкі: виграш одразу; середні: другим або третім ходом; важкі: пізніше.
web-study-game = Гра
web-study-moves = Ходи від початку
web-study-share = Посилання
web-study-depth = Глибина
web-exam-heaps = Купки
web-exam-ops = Операції
web-exam-goal = Мета
web-exam-rule = Правило
web-exam-range = S від..до
web-study-moves-hint = напр. 1:2, 3:1 (ходи через кому)
web-exam-range-hint = усі (напр. 1..69)
web-study-reconnecting = з'єднання втрачено: перепід'єднання…
web-study-disconnected = від'єднано: { $reason }
web-study-catching-up = сервер наздоганяє…
web-study-seat = { $seat ->
    [0] Перший гравець
    [1] Другий гравець
   *[other] Місце { $seat }
}
web-study-no-page = такої сторінки тут немає: показано дошку аналізу
web-study-no-game = гри { $game } тут немає: оберіть гру вище
web-study-no-position = позиції немає: { $why }
web-study-notation = Запис: хід пишеться так, як на дошці, напр. { $move }; клацніть дошку або кнопку, щоб зіграти.
web-study-after = Після { $moves }
web-study-over = Тут гра закінчена.
web-study-back = Назад
web-study-back-title = скасувати останній хід
web-study-plies = { $n ->
    [one] { NUMBER($n) } півхід
    [few] { NUMBER($n) } півходи
   *[many] { NUMBER($n) } півходів
}
web-study-drawing = будую дерево…
web-study-no-tree = дерева немає: { $why }
web-study-this-position = ця позиція
web-study-open-position = відкрити цю позицію на дошці
web-study-open-further = відкрити, щоб побачити далі
web-study-copied = адресу скопійовано
web-study-no-catalog = каталог ігор не надійшов: { $why }
web-exam-solving = розв'язувач розв'язує для кожного S…
web-exam-no-table = таблиці немає: { $why }
web-exam-answers = Відповіді
web-exam-task = Завдання { $n }
web-exam-why19 = найменше S: другий гравець може виграти своїм першим ходом після невдалого першого ходу суперника
web-exam-why20 = усі S, де перший гравець виграє своїм другим ходом, але не першим
web-exam-why21 = найменше S, де другий гравець виграє першим або другим ходом, але не напевно першим
web-exam-codes = Код кожного початкового S
web-exam-codes-about = K: перший гравець виграє своїм K-м ходом; -K: другий гравець виграє не пізніше свого K-го ходу. Клацніть S, щоб побачити дерево гри.
web-exam-open-tree = S = { $s }: відкрити дерево гри
web-puzzles-making = розв'язувач складає задачі…
web-puzzles-none = задач немає: { $why }
web-puzzles-solved = Розв'язано тут: { NUMBER($n) } з { $total }.
web-puzzles-from-games = З реальних партій: тут виграш було упущено
web-puzzle-grade-easy = легка
web-puzzle-grade-medium = середня
web-puzzle-grade-hard = важка
web-puzzle-from-game = з партії
web-puzzle-solved = розв'язано
web-puzzle-none = Такої задачі немає
web-puzzle-title = Задача { $id }
web-puzzle-task = { $game }: знайдіть виграшний хід.
web-puzzle-notation = Клацніть свій хід на дошці (або його кнопку); ходи записуються як { $move }.
web-puzzle-not-a-move = тут такого ходу немає
web-puzzle-right = Правильно
web-puzzle-wrong = Не цей
web-puzzle-refuted = Не цей: суперник відповідає { $reply } і виграє.
web-puzzle-see-refutation = Спростування на дошці аналізу
web-puzzle-see-tree = Позиція та її дерево на дошці аналізу
web-code-over = гра закінчена
web-code-draw = нічия за найкращої гри
web-code-payoff = { $value } для того, хто ходить
web-code-win = той, хто ходить, виграє своїм ходом № { $k }
web-code-loss-now = кожен хід одразу програє
web-code-loss = той, хто ходить, програє не пізніше ходу суперника № { $k }

## Дошки, підказки, обліковий запис і решта сторінки

web-board-take-from = взяти { NUMBER($n) } з купки { $heap }
web-board-of = { $words } (з { NUMBER($n) })
web-board-heaps-keys = купки: вгору і вниз — вибір купки, вліво і вправо — скільки, Enter — взяти
web-board-heap = купка
web-board-take = взяти { $n }
web-board-takeaway = брати { $take } · мета { $goal } · { $rule }
web-board-sums = сума { $total } · мета { $goal } · { $rule }
web-board-pins-keys = кеглі: вліво і вправо — вибір кеглі або пари, Enter — збити
web-board-pin = кегля { NUMBER($n) }
web-board-pin-state = кегля { NUMBER($n) }{ $up ->
    [yes] {""}
   *[no] , збита
}
web-board-knock = збити кеглі { $pair }
web-board-pair = кеглі { $pair }
web-board-keys = стрілки — рух, Enter — хід{ $modes ->
    [yes] , Shift+Enter — хід іншим способом
   *[no] {""}
}
web-board-grid = дошка { $w } на { $h }: { $keys }
web-board-mines-left = { $n ->
    [one] залишилася { NUMBER($n) } міна
    [few] залишилося { NUMBER($n) } міни
   *[many] залишилося { NUMBER($n) } мін
}
web-board-stone = камінь: { $colour }
web-board-colour-black = чорний
web-board-colour-white = білий
web-board-colour-red = червоний
web-board-colour-blue = синій
web-board-blocked = закрита
web-board-covered = прихована
web-board-cell-empty = порожня
web-board-winning-line = { $cell }: виграшна лінія
web-board-on-line = виграшна лінія
web-acc-secret-refused = збережений секрет для { $name } відхилено: увійдіть ще раз із правильним
web-acc-secret-copied = секрет скопійовано
web-acc-provisional = попередній: RD понад 110
web-acc-registered = зареєстрований { $when } UTC
web-acc-hosted-bot = бот сервера
web-app-bad-link = це посилання не відкриває гри: { $why }
web-app-draw-declined = { $name }: нічию відхилено
web-app-your-move-title = Ваш хід — { $title }
web-app-no-review = огляду немає: { $why }
web-games-every = усі ігри
web-net-dropped = з'єднання обірвалося
web-net-not-connected = немає з'єднання: перепід'єднання…
web-sound-title = звуки ходів, кінця гри й малого залишку часу
web-challenges-region = виклики
web-param-optional = необов'язково
web-exam-game = купки { $heaps } · операції { $ops } · мета { $goal } · { $rule }
web-attr-copy-secret = щоб увійти на іншому пристрої
web-attr-game = гра
web-attr-refresh-people = оновити список гравців онлайн
web-attr-tournaments-state = показати турніри в цьому стані
web-attr-refresh-tournaments = оновити турніри
web-attr-refresh-tournament = оновити турнір
web-attr-wdl = виграші-нічиї-поразки
web-attr-change-here = як рейтингові ігри цього турніру змінили рейтинг
web-attr-round = тур
web-attr-tn-name = складається з гри та формату
web-attr-name-rule = 1–32 літери, цифри, _ . або -, починається з літери чи цифри
